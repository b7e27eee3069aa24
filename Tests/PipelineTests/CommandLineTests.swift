import BallTrace
import Foundation
import Testing

/// Runs the built `balltrace` executable, as a user would.
struct BalltraceRun {
    let status: Int32
    let standardOutput: Data
    let standardError: String

    /// - Parameters:
    ///   - standardInput: a file the executable reads as its standard input.
    ///   - executable: one of the package's executables (`balltrace`, or the example).
    init(_ arguments: [String], standardInput: String? = nil, executable: String = "balltrace") throws {
        // The executable is built beside the test bundle.
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let process = Process()
        process.executableURL = folder.appendingPathComponent(executable)
        process.arguments = arguments
        if let standardInput {
            process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: standardInput))
        }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = outData
        standardError = String(decoding: errData, as: UTF8.self)
    }
}

@Suite("The command line")
struct CommandLineTests {
    let clip = GeneratedClips.golfDrive

    @Test func jsonToStandardOutputIsTheDocumentAloneAndTheSummaryGoesToStandardError() throws {
        let run = try BalltraceRun(["analyze", clip.path, "--json", "-"])
        #expect(run.status == 0)
        let document = try JSONDecoder().decode(AnalysisDocument.self, from: run.standardOutput)
        #expect(document.schemaVersion == 1 && document.trajectories.count == 1)
        #expect(run.standardError.contains("1 trajectory"))
    }

    @Test func withNeitherOutputItPrintsOneLinePerTrajectory() throws {
        let run = try BalltraceRun(["analyze", clip.path])
        #expect(run.status == 0)
        let lines = String(decoding: run.standardOutput, as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.last?.contains("points") == true && lines.last?.contains("confidence") == true)
    }

    @Test func aFlagOutOfRangeNamesTheFlagAndExitsWithAUsageError() throws {
        let run = try BalltraceRun(["analyze", clip.path, "--trajectory-length", "3"])
        #expect(run.status == 64)
        #expect(run.standardError.hasPrefix("Error: --trajectory-length: trajectory length must be at least 5"))
        #expect(run.standardOutput.isEmpty)
    }
}
