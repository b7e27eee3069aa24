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

    @Option(help: ArgumentHelp("Run each generated case with the other seeds FROM through TO only, not with its own (e.g. 13-24: seeds no round has tuned the tracker on; --extra-seeds N runs 1 through N beside the case's own).", valueName: "from-to"))
    var seeds: String?

    @Option(help: "The balltrace executable (default: the one built beside this command).")
    var balltrace: String?

    @Option(help: "Folder of the real labelled clips.")
    var clips: String = "../shared/clips"

    @Option(help: "Where rendered clips and the analyses are kept between runs.")
    var work: String = ".build/evaluation"

    @Option(help: ArgumentHelp("Analyse the labelled real clips re-encoded: scaled by SCALE (0…2) with libx264 at CRF, frames one for one, labels scaled with them (e.g. 0.67,26: a phone export or a web upload; 1.5,18: the same scene seen by a sharper camera).", valueName: "scale,crf"))
    var reencode: String?

    @Flag(help: "Analyse the labelled real clips mirrored left to right (a left-handed golfer, the far side of a court), labels mirrored with them; re-encoded as --reencode says, else at their own size at CRF 12 (compare with --reencode 1,12: physics does not tell left from right).")
    var mirrored = false

    @Flag(help: "Analyse the labelled real clips as if filmed by a hand-held camera: every picture turned (±0.6°), zoomed (1.08 to 1.14 over the clip) and moved (up to 2 % of the frame) as a hand sways, repeated pictures as the picture they repeat, labels moved with them (after --reencode when both are given).")
    var handheld = false

    @Flag(help: "Analyse the labelled real clips as if filmed by a panning camera: every picture zoomed 1.15 and swept back and forth across a tenth of the frame every 4 s (up to 5 px a frame at 30 fps on a 1280-pixel picture), tilted more slowly, repeated pictures as the picture they repeat, labels moved with them (after --reencode when both are given).")
    var panning = false

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
        if let seeds {
            guard extraSeeds == 0 else { throw ValidationError("--seeds and --extra-seeds both choose the seeds: give one") }
            guard let range = EvaluationCase.seedNumbers(seeds) else {
                throw ValidationError("--seeds must be FROM-TO with 1 ≤ FROM ≤ TO (got '\(seeds)')")
            }
            // The labelled real clips have no seed and run as they are.
            let unseeded = cases.filter { if case .generated = $0.source { false } else { true } }
            cases = unseeded + range.flatMap { k in cases.compactMap { $0.reseeded(by: UInt64(k) * 1000) } }
        } else if extraSeeds > 0 {
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
        let confidences = ReportedConfidences(), cameras = ReportedCameras()
        var runner = EvaluationRunner(clipFolder: "\(work)/clips", realClipFolder: clips) { clip in
            try Self.analyse(clip, with: executable, flags: flags, into: results, confidences: confidences, cameras: cameras)
        }
        if let reencode {
            guard let reencoding = Reencoding(parsing: reencode) else {
                throw ValidationError("--reencode must be SCALE,CRF with SCALE in (0, 2] and CRF 0…51 (got '\(reencode)')")
            }
            runner.reencoding = reencoding
        }
        if mirrored {
            var reencoding = runner.reencoding ?? Reencoding(scale: 1, crf: 12)
            reencoding.mirrored = true
            runner.reencoding = reencoding
        }
        guard !(handheld && panning) else { throw ValidationError("--handheld and --panning are two ways to film the clips: give one") }
        runner.filming = handheld ? .handheld : panning ? .panning : nil
        var outcomes: [CaseResult] = []
        var calibration = (real: ConfidenceCalibration(), generated: ConfidenceCalibration())
        var overruns = FlightOverruns()
        var registrations: [(name: String, registration: CameraRegistration)] = []
        var realRegistrations: [(name: String, registration: CameraRegistration)] = []
        for c in cases {
            let result = runner.run(c)
            if case let .generated(scene) = c.source, result.failure == nil,
               let registration = CameraRegistration.measure(reported: cameras.last, scene: scene) {
                registrations.append((c.name, registration))
            }
            if let filming = result.filming, result.failure == nil,
               let registration = CameraRegistration.measure(reported: cameras.last, filmedThrough: filming.poses,
                                                              originalCamera: filming.originalCamera) {
                realRegistrations.append((c.name, registration))
            }
            let mark = result.passes ? "ok" : (c.isGated ? "FAIL" : "short")
            FileHandle.standardError.write(Data(String(format: "%@  %@  (%.1f s)\n", mark, c.name, result.seconds).utf8))
            outcomes.append(result)
            if let score = result.score {
                overruns.add(score, clip: c.name)
                let (first, final) = confidences.all
                if case .generated = c.source {
                    calibration.generated.add(score, clip: c.name, firstConfidence: first, finalConfidence: final)
                } else {
                    calibration.real.add(score, clip: c.name, firstConfidence: first, finalConfidence: final)
                }
            }
        }
        print(scoreTable(outcomes), terminator: "")
        print("confidence, real clips: \(calibration.real.summary)")
        print("confidence, generated: \(calibration.generated.summary)")
        for line in calibration.real.misjudged + calibration.generated.misjudged { print("  " + line) }
        print("ends: \(overruns.summary)")
        for line in overruns.overrunning { print("  " + line) }
        for line in Self.registrationSummary(registrations, of: "generated scenes filmed moving") { print(line) }
        let filmed = handheld ? "handheld" : "panning"
        for line in Self.registrationSummary(realRegistrations, of: "real clips filmed \(filmed), against the filming carried through balltrace's reading of the original's own camera") {
            print(line)
        }
        if outcomes.contains(where: { $0.evaluationCase.isGated && !$0.passes }) { throw ExitCode(1) }
    }

    /// Runs the real executable, as a user would, and reads the document it writes.
    /// The stream of per-frame lines goes to a file beside the document: each trajectory's
    /// confidence when it was first reported is read from it, and its last from the document.
    static func analyse(_ clip: String, with executable: String, flags: [String], into folder: String,
                        confidences: ReportedConfidences, cameras: ReportedCameras) throws -> AnalysisDocument {
        let name = URL(fileURLWithPath: clip).deletingPathExtension().lastPathComponent
        let parent = URL(fileURLWithPath: clip).deletingLastPathComponent().lastPathComponent
        let output = "\(folder)/\(parent)-\(name).json", streamPath = "\(folder)/\(parent)-\(name).stream.jsonl"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["analyze", clip, "--json", output, "--stream"] + flags
        let errors = Pipe()
        process.standardError = errors
        guard FileManager.default.createFile(atPath: streamPath, contents: nil),
              let stream = FileHandle(forWritingAtPath: streamPath) else {
            throw AnalysisFailure(message: "cannot write \(streamPath)")
        }
        defer { try? FileManager.default.removeItem(atPath: streamPath) }
        process.standardOutput = stream
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw AnalysisFailure(message: "balltrace exited with \(process.terminationStatus): \(text)")
        }
        try stream.close()
        let lines = try String(contentsOfFile: streamPath, encoding: .utf8)
        try confidences.readFirst(streamLines: lines)
        cameras.read(streamLines: lines)
        let document = try JSONDecoder().decode(AnalysisDocument.self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        confidences.noteFinal(document)
        return document
    }
}

/// The camera motion reported for clips filmed by a moving camera (generated scenes, real clips
/// filmed `--handheld` or `--panning`), against the camera that filmed them (see
/// ``CameraRegistration``): per kind of scene (per real clip), the mean error and the worst
/// frame; nothing when no such clip ran.
extension EvaluateTracking {
    static func registrationSummary(_ measured: [(name: String, registration: CameraRegistration)], of what: String) -> [String] {
        guard !measured.isEmpty else { return [] }
        var lines = ["camera, \(what) (px, the largest error of a frame's corners and centre in the first frame's picture):"]
        let kinds = Dictionary(grouping: measured) { String($0.name.split(separator: " ").first ?? "") }
        for (kind, runs) in kinds.sorted(by: { $0.key < $1.key }) {
            let mean = runs.map(\.registration.meanError).reduce(0, +) / Double(runs.count)
            let worst = runs.max { $0.registration.meanError < $1.registration.meanError }!
            let largest = runs.map(\.registration.largestError).max() ?? 0
            if runs.count == 1 {
                lines.append(String(format: "  %@: mean %.2f, worst frame %.1f", kind, mean, largest))
                continue
            }
            lines.append(String(format: "  %@: %d clips, mean %.2f, worst frame %.1f; worst clip %@ (mean %.2f)",
                                kind, runs.count, mean, largest, worst.name, worst.registration.meanError))
        }
        let all = measured.map(\.registration.meanError)
        lines.append(String(format: "  all: %d clips, mean %.2f", all.count, all.reduce(0, +) / Double(all.count)))
        return lines
    }
}

/// The cameras of the last clip analysed, by frame (from its `--stream` lines).
final class ReportedCameras: @unchecked Sendable {
    private let lock = NSLock()
    private var cameras: [Int: FrameCamera] = [:]

    var last: [Int: FrameCamera] { lock.withLock { cameras } }

    func read(streamLines text: String) {
        let found = CameraRegistration.cameras(streamLines: text)
        lock.withLock { cameras = found }
    }
}

/// Each trajectory's confidence in the first stream line that reports it and in the finished
/// document, by UUID (UUIDs are unique across clips).
final class ReportedConfidences: @unchecked Sendable {
    private let lock = NSLock()
    private var first: [UUID: Double] = [:]
    private var final: [UUID: Double] = [:]

    var all: (first: [UUID: Double], final: [UUID: Double]) { lock.withLock { (first, final) } }

    func noteFinal(_ document: AnalysisDocument) {
        let found = Dictionary(document.trajectories.map { ($0.uuid, $0.confidence) },
                               uniquingKeysWith: { a, _ in a })
        lock.withLock { final.merge(found) { _, new in new } }
    }

    func readFirst(streamLines text: String) throws {
        var found: [UUID: Double] = [:]
        for line in text.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let trajectories = object["trajectories"] as? [[String: Any]] else { continue }
            for t in trajectories {
                guard let text = t["uuid"] as? String, let uuid = UUID(uuidString: text), found[uuid] == nil,
                      let confidence = (t["confidence"] as? NSNumber)?.doubleValue else { continue }
                found[uuid] = confidence
            }
        }
        lock.withLock { first.merge(found) { earlier, _ in earlier } }
    }
}

struct AnalysisFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
