import ArgumentParser
import BallTrace
import Foundation
import Logging

struct Shots: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the shots of range sessions: a clip per shot with its flight drawn on it, and a shot log.",
        discussion: """
            A shot is a ball flight that starts in the session (a ball come back into the
            picture is the same shot); its impact is the flight's launch. A practice swing
            without a ball is not a shot. Shots are found by sight alone.

            In DIR it writes shots.json (schema: 'balltrace schema --shots'), shots.csv
            (the same columns), analysis.json (the session's analysis as 'analyze --json'
            writes it, where each shot's trajectory UUID is found), shot-01.mp4,
            shot-02.mp4…: each from --pre-roll seconds before impact to --post-roll
            seconds after the flight's end, kept inside the session, with the shot's
            flight drawn as 'analyze --video' draws it and the session's sound; and
            report.html, one self-contained page for any browser (nothing is fetched):
            the shot table, and per shot its tracer picture (as 'analyze --tracer'
            draws it, over the frame at the flight's end) and plots of its height
            against distance and its speed against time (metres with a scale). With
            several sessions, each one's files go to DIR/<session file name without
            extension>/. A file appears complete or not at all; shots.json is written last.

            Examples:
              The shots of one session:
                balltrace shots range.mp4 --out-dir range-shots
              Three seconds before each impact, two after each flight, golf ball physics:
                balltrace shots range.mp4 --out-dir range-shots --pre-roll 3 --post-roll 2 --ball golf
              Each clip with a broadcast-style tracer:
                balltrace shots range.mp4 --out-dir range-shots --style broadcast
              Two sessions: shots/monday/ and shots/tuesday/:
                balltrace shots monday.mp4 tuesday.mov --out-dir shots

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("Session video files (any container and codec FFmpeg can read); each is read twice, so not a URL or '-'.",
                                 valueName: "session"))
    var sessions: [String]

    @Option(help: ArgumentHelp("Write the shots here: DIR/shots.json, shots.csv, analysis.json, report.html, shot-NN.mp4 (with several sessions, in DIR/<session name>/).",
                               valueName: "dir"))
    var outDir: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of each clip before the impact (default 2).", valueName: "seconds"))
    var preRoll: Double = 2

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds of each clip after the flight's end (default 1).", valueName: "seconds"))
    var postRoll: Double = 1

    @OptionGroup(title: "Drawing on the clips")
    var look: TracerOptions

    @OptionGroup(title: "Detection")
    var detection: DetectionOptions

    @OptionGroup(title: "Physics")
    var physics: PhysicsOptions

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    var settings: AnalysisSettings { detection.settings(physics: physics, coordinates: .topLeft) }

    func validate() throws {
        guard !sessions.isEmpty else { throw ValidationError("give at least one session: a video file") }
        for session in sessions where session == "-" || session.contains("://") || session.hasPrefix("/dev/video") {
            throw ValidationError("'\(session)': shots reads each session twice (to find the shots, then to cut their clips); give a video file")
        }
        for (flag, seconds) in [("--pre-roll", preRoll), ("--post-roll", postRoll)] where !(seconds.isFinite && seconds >= 0) {
            throw ValidationError("\(flag): expected seconds, 0 or more (got \(seconds))")
        }
        try physics.checkOneScale()
        try look.validate(drawsVideo: true, video: "a video")
        do {
            try settings.validate()
        } catch {
            throw ValidationError("\(settingsFlag(for: error, physics: physics)): \(error)")
        }
        if let clash = BatchNames.firstClash(sessions) {
            throw ValidationError("'\(clash.0)' and '\(clash.1)' would both write to '\(outDir)/\(BatchNames.stem(clash.0))/'; rename one")
        }
    }

    func run() throws {
        let interruption = Interruption()
        let console = Console(progressMode: Console.progressMode(requested: false, quiet: quiet))
        var logger = Logger(label: "balltrace") { _ in ConsoleLogHandler(console: console) }
        logger.logLevel = .notice
        var distinct: [String] = []
        for session in sessions where !distinct.contains(where: { samePath($0, session) }) { distinct.append(session) }
        var failure: Int32?
        for session in distinct {
            let folder = distinct.count == 1 ? outDir : "\(outDir)/\(BatchNames.stem(session))"
            let name = URL(fileURLWithPath: session).lastPathComponent
            let started = Date()
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                failure = failure ?? fail(MediaError.cannotWrite(path: folder, reason: "the folder cannot be created: \(error.localizedDescription)")).rawValue
                continue
            }
            do {
                let request = SessionShotsRequest(path: session, folder: folder, settings: settings, preRoll: preRoll, postRoll: postRoll,
                                                  drawing: look.drawing)
                let result = try SessionShots.run(
                    request, cancellation: interruption.cancellation, logger: logger,
                    progress: { console.status(ProgressText.describe(name, $0, elapsed: Date().timeIntervalSince(started))) })
                console.clearStatus()
                if !quiet { report(result, session: name, folder: folder) }
            } catch is AnalysisCancelled {
                console.clearStatus()
                writeStandardError("Error: interrupted by \(interruption.signalName); the clips of \(name) already complete stand, its shot log was not written\n")
                throw ExitCode(interruption.exitCode)
            } catch let error as AnalysisSettingsError {
                console.clearStatus()
                failure = failure ?? fail(error, flag: settingsFlag(for: error, physics: physics)).rawValue
            } catch {
                console.clearStatus()
                // One line, naming the session when the error does not already.
                let text = "\(error)".replacingOccurrences(of: "\n", with: " ")
                writeStandardError("Error: \(text.contains(name) ? text : "\(name): \(text)")\n")
                failure = failure ?? ExitStatus.code(for: error)
            }
        }
        if let failure { throw ExitCode(failure) }
    }

    /// One line per session, one per shot and one naming the report, on standard output;
    /// warnings on standard error.
    private func report(_ result: SessionShotsResult, session: String, folder: String) {
        let count = result.shots.count
        print("\(session): \(count) shot\(count == 1 ? "" : "s") in \(folder)")
        for entry in result.log.shots {
            var line = "  shot \(entry.number)  impact \(String(format: "%.3f", entry.impactTime)) s  \(entry.clip)"
            if let speed = entry.launchSpeed, let angle = entry.launchAngle {
                line += String(format: "  %.1f m/s at %.1f°", speed, angle)
            }
            line += String(format: "  confidence %.2f", entry.confidence)
            print(line)
        }
        print("  report \(folder)/report.html")
        writeStandardError(result.warnings.map { "warning: \(session): \($0)\n" }.joined())
    }
}
