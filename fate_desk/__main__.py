from fate_desk.cli import program

program()
