import FolioCLI
import FolioServe

FolioCommand.serve = ServeCommand.self
await FolioCommand.run()
