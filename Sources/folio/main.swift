import FolioCLI

await FolioCommand.run()
