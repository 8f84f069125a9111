from ecran.sheets.pack import pack, split_point


def test_split_point_balances_in_reading_order():
    assert split_point([]) == 0
    assert split_point([5]) == 1
    assert split_point([1, 1, 1, 1]) == 2
    assert split_point([3, 1, 1, 1]) == 1
    assert split_point([1, 1, 1, 3]) == 3


def test_what_fits_one_page_is_split_into_even_columns():
    packing = pack([10, 10, 10, 10], start=30, page_height=100)
    assert packing.breaks == {2}
    assert (packing.new_page, packing.pages, packing.end) == (False, 0, 50)


def test_full_pages_fill_column_by_column_then_the_last_page_balances():
    packing = pack([60, 60, 60, 60, 60], start=0, page_height=100)
    # page 1: [0] | [1]; page 2: [2] | [3]; page 3: [4] alone.
    assert packing.breaks == {1, 2, 3, 4}
    assert (packing.pages, packing.end) == (2, 60)


def test_a_block_without_room_for_its_first_box_starts_on_the_next_page():
    packing = pack([30, 5], start=90, page_height=100, head=5)
    assert packing.new_page
    assert packing.breaks == {1}
    assert packing.end == 35


def test_a_box_taller_than_a_column_is_still_placed():
    packing = pack([150, 10], start=0, page_height=100)
    assert packing.breaks == {1}


def test_no_boxes_end_where_they_start():
    packing = pack([], start=42, page_height=100)
    assert (packing.breaks, packing.new_page, packing.end) == (frozenset(), False, 42)
