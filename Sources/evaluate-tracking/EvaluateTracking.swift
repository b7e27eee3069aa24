import ArgumentParser
import BallTrace
import Evaluation
import Foundation

/// Runs `balltrace analyze` over clips with known ball positions and scores what it reports.
@main
struct EvaluateTracking: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate-tracking",
        abstract: "Score balltrace's trajectories against ground truth: generated scenarios and labelled real clips.",
        discussion: """
            Recall counts truth positions (ball in flight and in view) matched by a detected point of
            the same frame within max(4 px, 2 × ball radius). Precision counts matched detected points
            (on sparsely labelled real clips, only those in labelled frames). A flight is found when one
            UUID matches 60% of it; a false trajectory has fewer than half of its points on a ball in
            flight. Exit status 1 when a case the targets apply to misses them.
            """)

    @Option(help: "Which cases: full (every scenario and real clip), generated, moving (scenes filmed by a moving camera), real, or quick (the subset swift test runs).")
    var suite: String = "full"

    @Option(help: "Only cases whose name contains this text.")
    var only: String?

    @Option(help: "Also run each generated case with this many other seeds (other launches, other noise).")
    var extraSeeds: Int = 0

    @Option(help: "The balltrace executable (default: the one built beside this command).")
    var balltrace: String?

    @Option(help: "Folder of the real labelled clips.")
    var clips: String = "../shared/clips"

    @Option(help: "Where rendered clips and the analyses are kept between runs.")
    var work: String = ".build/evaluation"

    @Argument(parsing: .postTerminator, help: "Flags passed on to 'balltrace analyze' (after --).")
    var analyzeFlags: [String] = []

    func run() throws {
        var cases: [EvaluationCase]
        switch suite {
        case "full": cases = EvaluationSuite.full
        case "generated": cases = EvaluationSuite.generated
        case "real": cases = EvaluationSuite.real
        case "moving": cases = EvaluationSuite.movingCamera
        case "quick": cases = EvaluationSuite.quick
        default: throw ValidationError("--suite must be full, generated, moving, real or quick (got '\(suite)')")
        }
        if let only { cases = cases.filter { $0.name.contains(only) } }
        guard extraSeeds >= 0 else { throw ValidationError("--extra-seeds must be 0 or more (got \(extraSeeds))") }
        if extraSeeds > 0 {
            cases += (1...extraSeeds).flatMap { k in cases.compactMap { $0.reseeded(by: UInt64(k) * 1000) } }
        }
        let executable = balltrace ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("balltrace").path
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw ValidationError("no balltrace executable at \(executable); build it or pass --balltrace")
        }
        let results = "\(work)/results"
        try FileManager.default.createDirectory(atPath: results, withIntermediateDirectories: true)
        let flags = analyzeFlags
        let runner = EvaluationRunner(clipFolder: "\(work)/clips", realClipFolder: clips) { clip in
            try Self.analyse(clip, with: executable, flags: flags, into: results)
        }
        var outcomes: [CaseResult] = []
        for c in cases {
            let result = runner.run(c)
            let mark = result.passes ? "ok" : (c.isGated ? "FAIL" : "short")
            FileHandle.standardError.write(Data(String(format: "%@  %@  (%.1f s)\n", mark, c.name, result.seconds).utf8))
            outcomes.append(result)
        }
        print(scoreTable(outcomes), terminator: "")
        if outcomes.contains(where: { $0.evaluationCase.isGated && !$0.passes }) { throw ExitCode(1) }
    }

    /// Runs the real executable, as a user would, and reads the document it writes.
    static func analyse(_ clip: String, with executable: String, flags: [String], into folder: String) throws -> AnalysisDocument {
        let name = URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent
        let parent = URL(fileURLWithPath: clip).deletingLastPathComponent().lastPathComponent
        let output = "\(folder)/\(parent)-\(name).json"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["analyze", clip, "--json", output] + flags
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw AnalysisFailure(message: "balltrace exited with \(process.terminationStatus): \(text)")
        }
        return try JSONDecoder().decode(AnalysisDocument.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
    }
}

struct AnalysisFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
