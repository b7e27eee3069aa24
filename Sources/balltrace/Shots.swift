import ArgumentParser
import BallTrace
import FoundationEssentials
import Logging

struct Shots: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Find the shots of range sessions: a clip per shot with its flight drawn on it, and a shot log.",
        discussion: """
            A shot is a ball flight that starts in the session (a ball come back into the
            picture is the same shot); a practice swing without a ball is not a shot. Its
            impact is the strike heard in the session's sound within 150 ms of the launch
            (the shot is heard), else the flight's launch (with --tee, when its path left
            the tee).

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
              Clips a third the size, written more slowly:
                balltrace shots range.mp4 --out-dir range-shots --video-preset veryfast
              Two sessions: shots/monday/ and shots/tuesday/:
                balltrace shots monday.mp4 tuesday.mov --out-dir shots
              A week of sessions, two at a time, with progress in a log:
                balltrace shots week/*.mp4 --out-dir shots --jobs 2 --progress 2> shots.log

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

    @OptionGroup(title: "Encoding the clips")
    var encoding: EncodingOptions

    @OptionGroup(title: "Detection")
    var detection: DetectionOptions

    @OptionGroup(title: "Physics")
    var physics: PhysicsOptions

    @Option(help: ArgumentHelp("Sessions shot at once (default 1).", valueName: "n"))
    var jobs: Int = 1

    @Flag(help: "Show progress on standard error even when it is not a terminal.")
    var progress = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    var settings: AnalysisSettings { detection.settings(physics: physics, coordinates: .topLeft) }

    func validate() throws {
        guard !sessions.isEmpty else { throw ValidationError("give at least one session: a video file") }
        guard jobs >= 1 else { throw ValidationError("--jobs: expected 1 or more sessions at once (got \(jobs))") }
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
        let console = Console(progressMode: Console.progressMode(requested: progress, quiet: quiet))
        var logging = Logger(label: "balltrace") { _ in ConsoleLogHandler(console: console) }
        logging.logLevel = .notice
        let logger = logging
        var distinct: [String] = []
        for session in sessions where !distinct.contains(where: { samePath($0, session) }) { distinct.append(session) }
        let sessions = distinct
        // Sessions are independent: `jobs` at a time, each on a worker of its own (its decoding,
        // analysis and encoding take threads of their own too). One that fails is reported and
        // the others go on; the first failure's status is the exit status.
        let state = BatchState(count: sessions.count)
        let statuses = LockedStatuses(count: sessions.count)
        state.work(jobs: jobs) { index in
            let status = interruption.cancellation.isCancelled
                ? interruption.exitCode : shoot(sessions[index], alone: sessions.count == 1, state: state, console: console,
                                               logger: logger, interruption: interruption)
            statuses.set(index, status)
            // Only the progress is kept there: each session prints its own lines, not a table.
            state.finish(index, sessions[index], .notStarted)
            if console.progressMode != .off { console.status(state.statusText(), news: true) }
        }
        console.clearStatus()
        if interruption.cancellation.isCancelled { throw ExitCode(interruption.exitCode) }
        if let failure = statuses.first { throw ExitCode(failure) }
    }

    /// One session's shots; nil when they are written, else the exit status its failure calls for.
    private func shoot(_ session: String, alone: Bool, state: BatchState, console: Console, logger: Logger,
                       interruption: Interruption) -> Int32? {
        let folder = alone ? outDir : "\(outDir)/\(BatchNames.stem(session))"
        let name = URL(fileURLWithPath: session).lastPathComponent
        do {
            try AtomicFile.createFolder(folder)
        } catch {
            return fail(error).rawValue
        }
        do {
            let request = SessionShotsRequest(path: session, folder: folder, settings: settings, preRoll: preRoll, postRoll: postRoll,
                                              encoding: encoding.encoding(defaultPreset: SessionShotsRequest.clipEncoding.preset), drawing: look.drawing)
            var sessionLogger = logger
            if !alone { sessionLogger[metadataKey: "session"] = "\(name)" }
            let result = try SessionShots.run(
                request, cancellation: interruption.cancellation, logger: sessionLogger,
                progress: { progress in
                    let started = state.progress(session, progress)
                    if console.progressMode != .off { console.status(state.statusText(), news: started) }
                })
            if !quiet { report(result, session: name, folder: folder, console: console) }
            return nil
        } catch is AnalysisCancelled {
            console.line("Error: interrupted by \(interruption.signalName); the clips of \(name) already complete stand, its shot log was not written")
            return interruption.exitCode
        } catch let error as AnalysisSettingsError {
            return fail(error, flag: settingsFlag(for: error, physics: physics)).rawValue
        } catch {
            // One line, naming the session when the error does not already.
            let text = "\(error)".replacing("\n", with: " ")
            console.line("Error: \(text.contains(name) ? text : "\(name): \(text)")")
            return ExitStatus.code(for: error)
        }
    }

    /// One line per session, one per shot and one naming the report, on standard output (a
    /// session's lines together, when several are shot at once); warnings on standard error.
    private func report(_ result: SessionShotsResult, session: String, folder: String, console: Console) {
        let count = result.shots.count
        var lines = ["\(session): \(count) shot\(count == 1 ? "" : "s") in \(folder)"]
        for entry in result.log.shots {
            let heard = entry.heard.map { $0 ? " (heard)" : " (seen, not heard)" } ?? ""
            var line = "  shot \(entry.number)  impact \(String(printf: "%.3f", entry.impactTime)) s\(heard)  \(entry.clip)"
            if let speed = entry.launchSpeed, let angle = entry.launchAngle {
                line += String(printf: "  %.1f m/s at %.1f°", speed, angle)
            }
            if let carry = entry.carry, let to = entry.carryTo {
                line += String(printf: "  carry %.1f m", carry) + (to == .landing ? " (landed)" : "")
            }
            line += String(printf: "  confidence %.2f", entry.confidence)
            lines.append(line)
        }
        lines.append("  report \(folder)/report.html")
        console.clearStatus()
        print(lines.joined(separator: "\n"))
        for warning in result.warnings { console.line("warning: \(session): \(warning)") }
    }
}

/// Each session's exit status, set by the workers.
private final class LockedStatuses: @unchecked Sendable {
    private let lock = ConditionLock()
    private var statuses: [Int32?]

    init(count: Int) { statuses = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ status: Int32?) { lock.withLock { statuses[index] = status } }

    /// The first session's failure, in the order they were given.
    var first: Int32? { lock.withLock { statuses.compactMap { $0 }.first } }
}
