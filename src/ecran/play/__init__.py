"""Live play without I/O: tables, members, characters, encounters, the event log."""
