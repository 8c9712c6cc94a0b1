"""The script PyInstaller freezes: the same `fate-desk` command the wheel installs."""

from fate_desk.cli import program

program()
