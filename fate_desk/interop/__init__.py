"""Other tools' formats: Fari, Foundry VTT's Fate Core Official and FateX, one package per tool
with reading and writing side by side; `importing` reads any file Fate Desk accepts, `exporting`
writes characters for the other tools."""
