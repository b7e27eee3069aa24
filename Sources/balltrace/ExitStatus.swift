import ArgumentParser
import BallTrace
import FoundationEssentials

/// The exit statuses balltrace documents. A usage error is swift-argument-parser's own (64,
/// `EX_USAGE`); the input and output statuses are their `sysexits.h` neighbours, so a script can
/// tell "fix the command" from "fix the file" from "fix the destination".
enum ExitStatus {
    static let success: Int32 = 0
    /// A flag or argument out of range, or two that conflict.
    static let usage: Int32 = ExitCode.validationFailure.rawValue
    /// The input cannot be read, or is not a video balltrace can analyse (`EX_NOINPUT`).
    static let input: Int32 = 66
    /// An output cannot be created or written (`EX_CANTCREAT`).
    static let output: Int32 = 73
    /// A live source stopped sending and was given up after `--timeout` seconds; what was
    /// analysed was written (`EX_UNAVAILABLE`).
    static let sourceStalled: Int32 = 69
    /// Anything else, such as memory running out: swift-argument-parser's general failure.
    static let failure: Int32 = ExitCode.failure.rawValue

    /// A program a signal stopped exits with 128 + the signal's number, as shells report it.
    static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    static func code(for error: any Error) -> Int32 {
        switch error {
        case let error as MediaError:
            switch error.affectedFile {
            case .input: return input
            case .output: return output
            case .neither: return failure
            }
        case is AnalysisSettingsError, is ValidationError: return usage
        default: return failure
        }
    }

    /// The text `--help` shows.
    static let help = """
        Exit status:
          0    success (warnings, if any, on standard error)
          64   usage error: a flag out of range, or outputs that clash with each
               other or with the input
          66   input error: the input is missing, unreadable or not a usable video
          69   a live source (URL or camera) sent nothing for --timeout seconds, or
               was lost and not back within them (--reconnect): given up, with what
               was analysed written
          73   output error: an output cannot be created or written
          1    any other failure
          130  stopped by Ctrl-C (SIGINT); 143 stopped by SIGTERM; nothing is written
               (stream lines already written stand)
        """
}

/// Prints an error as one line on standard error and exits with its status, as
/// swift-argument-parser does for its own errors.
func fail(_ error: any Error, flag: String? = nil) -> ExitCode {
    let text = "\(error)".replacing("\n", with: " ")
    StandardStream.error.write("Error: \(flag.map { "\($0): " } ?? "")\(text)\n")
    return ExitCode(ExitStatus.code(for: error))
}
