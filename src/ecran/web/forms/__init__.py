"""Forms generated from JSON Schema (`fields`: checks, operations, sheets, options) and read back
(`reading`); a system's table options as form fields (`options`)."""

from ecran.web.forms.fields import FormField, Schema, build, fields_of
from ecran.web.forms.options import option_fields, option_values
from ecran.web.forms.reading import edit, form_values, read, values_from_form

__all__ = [
    "FormField",
    "Schema",
    "build",
    "edit",
    "fields_of",
    "form_values",
    "option_fields",
    "option_values",
    "read",
    "values_from_form",
]
