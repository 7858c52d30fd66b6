import ArgumentParser
import FolioCore
import Foundation

/// A Folio error as the command line reports it: its message on standard error (never a crash
/// or a stack trace) and an exit code by kind (the sysexits values). `FolioCommand.run` is the
/// one place that calls it, for every command.
func report(_ error: any FolioError) -> ExitCode {
    printError("error: \(error.message)\n")
    return ExitCode(exitCode(for: error.kind))
}

func exitCode(for kind: FolioErrorKind) -> Int32 {
    switch kind {
    case .invalidInput: 65       // EX_DATAERR
    case .notFound: 66           // EX_NOINPUT
    case .missingData: 69        // EX_UNAVAILABLE
    case .unauthorized: 77       // EX_NOPERM
    case .conflict: 75           // EX_TEMPFAIL
    case .forbidden: 77          // EX_NOPERM
    case .rateLimited: 75        // EX_TEMPFAIL
    case .busy: 75               // EX_TEMPFAIL
    }
}

/// JSON as the API prints it (keys sorted, so two runs compare byte for byte), indented for people.
func printJSON<T: Encodable>(_ value: T) throws {
    print(String(decoding: try JSONEncoder.folio(pretty: true).encode(value), as: UTF8.self))
}
