import ArgumentParser
import BallTrace
import FoundationEssentials
import Logging

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse clips: trajectories as JSON, and the clips with the flights drawn on them.",
        discussion: """
            Examples:
              One line per trajectory:
                balltrace analyze swing.mp4
              The trajectories as JSON, and the clip with the flights drawn on it:
                balltrace analyze swing.mp4 --json swing.json --video swing.traced.mp4
              The clip with a broadcast-style tracer, yellow, its predicted landing dashed:
                balltrace analyze swing.mp4 --video swing.traced.mp4 --style broadcast --tracer-color yellow --tracer-landing
              Launch speed, angle and apex of a golf shot, and a picture to send the player:
                balltrace analyze swing.mp4 --ball golf --tracer swing.png
              A calibrated scene (a metre stick 398.7 px long), every point for a spreadsheet:
                balltrace analyze toss.mp4 --pixels-per-metre 398.7 --csv toss.csv
              Upper-left region only, a ball of at most 12 px, JSON to stdout:
                balltrace analyze swing.mov --roi 0,0,0.6,0.7 --max-radius 12px --json - | jq .
              A session's clips, two at a time, with overlay videos (clips already done are skipped):
                balltrace analyze session/*.mp4 --out-dir results --render --jobs 2
              From a pipe (any container FFmpeg reads from a stream, e.g. Matroska):
                ffmpeg -i cam.mov -c copy -f matroska - | balltrace analyze - --json -
              A live camera stream, one JSON line per frame as it arrives, reconnecting
              when the network drops it:
                balltrace analyze rtsp://192.168.1.20/stream --stream --reconnect

            \(ExitStatus.help)
            """)

    @Argument(help: ArgumentHelp("Video files (any container and codec FFmpeg can read), a URL FFmpeg can open, or '-' for standard input.", valueName: "input"))
    var inputs: [String]

    @OptionGroup(title: "Several clips")
    var batch: BatchOptions

    @OptionGroup(title: "Outputs")
    var output: OutputOptions

    @OptionGroup(title: "Drawing on videos")
    var look: TracerOptions

    @OptionGroup(title: "Detection")
    var detection: DetectionOptions

    @OptionGroup(title: "Physics")
    var physics: PhysicsOptions

    @OptionGroup(title: "While it runs")
    var display: DisplayOptions

    var settings: AnalysisSettings { detection.settings(physics: physics, coordinates: output.coordinates) }

    /// How the overlay videos are encoded: as asked, or libx264 `veryfast`.
    var videoEncoding: VideoEncoding { output.encoding.encoding(defaultPreset: VideoEncoding.default.preset) }

    func validate() throws {
        guard !inputs.isEmpty else { throw ValidationError("give at least one input: a video file, a URL, or '-' for standard input") }
        try physics.checkOneScale()
        if display.quiet && display.verbose { throw ValidationError("--quiet and --verbose contradict each other; give one") }
        if display.quiet && display.progress { throw ValidationError("--quiet and --progress contradict each other; give one") }
        do {
            try settings.validate()
        } catch {
            throw ValidationError("\(flag(for: error)): \(error)")
        }
        try look.validate(drawsVideo: output.video != nil || batch.render, video: "--video (or --render with --out-dir)")
        if batch.outDir != nil {
            try validateBatch()
        } else {
            try validateSingle()
        }
    }

    /// Several clips into a folder: outputs are named after the inputs.
    private func validateBatch() throws {
        let perClip = [("--json", output.json != nil), ("--video", output.video != nil), ("--csv", output.csv != nil), ("--tracer", output.tracer != nil),
                       ("--tracer-time", output.tracerTime != nil), ("--stream", display.stream), ("--reconnect", display.reconnect)].filter(\.1).map(\.0)
        if let first = perClip.first {
            throw ValidationError("\(first) names one clip's output; with --out-dir each clip's files are named after it (add --render for the videos)")
        }
        if inputs.contains("-") { throw ValidationError("standard input ('-') can only be analysed alone, without --out-dir") }
        guard batch.jobs >= 1 else { throw ValidationError("--jobs: at least 1 clip at a time (got \(batch.jobs))") }
        if let clash = BatchNames.firstClash(inputs) {
            throw ValidationError("'\(clash.0)' and '\(clash.1)' would both write '\(BatchNames.stem(clash.0)).json' in --out-dir; rename one")
        }
    }

    /// One clip, outputs where the flags say.
    private func validateSingle() throws {
        if inputs.count > 1 {
            throw ValidationError("\(inputs.count) inputs: analysing several clips needs --out-dir DIR, where each gets DIR/<name>.json")
        }
        for (flag, given) in [("--render", batch.render), ("--force", batch.force), ("--jobs", batch.jobs != 1)] where given {
            throw ValidationError("\(flag) works with --out-dir, for several clips; for one clip, name the video with --video")
        }
        let input = inputs[0]
        // Live: a URL, or a camera opened by its device path (/dev/video0).
        let live = (input.contains("://") && !input.hasPrefix("file://")) || input.hasPrefix("/dev/video")
        if display.reconnect && !live {
            throw ValidationError("--reconnect opens a live source (a URL or a camera) again when it is lost; '\(input)' is \(input == "-" ? "standard input" : "a file")")
        }
        if output.video == "-" { throw ValidationError("--video needs a file path: an MP4 cannot be written to standard output") }
        if output.tracer == "-" { throw ValidationError("--tracer needs a file path ending in .png or .jpg") }
        if output.tracerTime != nil && output.tracer == nil { throw ValidationError("--tracer-time chooses the frame of a tracer picture: give --tracer too") }
        do {
            _ = try tracerRequest
        } catch {
            throw ValidationError("\(flag(for: error)): \(error)")
        }
        let outputs = [("--json", output.json), ("--video", output.video), ("--csv", output.csv), ("--tracer", output.tracer)]
            .compactMap { flag, path in path.map { (flag, $0) } }
        if display.stream, let taken = outputs.first(where: { $0.1 == "-" }) {
            throw ValidationError("--stream writes its lines to standard output; \(taken.0) cannot go there too")
        }
        if outputs.filter({ $0.1 == "-" }).count > 1 {
            throw ValidationError("only one output can go to standard output ('-')")
        }
        for (i, a) in outputs.enumerated() {
            for b in outputs[(i + 1)...] where a.1 != "-" && samePath(a.1, b.1) {
                throw ValidationError("\(a.0) and \(b.0) name the same file '\(a.1)'")
            }
        }
        for (flag, output) in outputs {
            if output != "-", input != "-", samePath(output, input) {
                throw ValidationError("\(flag): '\(output)' is the input file, which balltrace never writes over; choose another path")
            }
        }
    }

    func run() throws {
        // First of all, so that Ctrl-C at any moment from here leaves nothing half-written.
        let interruption = Interruption()
        let console = Console(progressMode: Console.progressMode(requested: display.progress, quiet: display.quiet))
        var logger = Logger(label: "balltrace") { _ in ConsoleLogHandler(console: console) }
        logger.logLevel = display.verbose ? .debug : .notice
        if let outDir = batch.outDir {
            let clips = Batch(inputs: inputs, folder: outDir, render: batch.render, jobs: batch.jobs, force: batch.force, settings: settings,
                              encoding: videoEncoding, drawing: look.drawing, quiet: display.quiet,
                              console: console, logger: logger, cancellation: interruption.cancellation)
            let status = clips.run()
            if interruption.signalNumber != nil { throw ExitCode(interruption.exitCode) }
            if status != 0 { throw ExitCode(status) }
            return
        }
        try analyseOne(inputs[0], console: console, logger: logger, interruption: interruption)
    }

    private func analyseOne(_ input: String, console: Console, logger: Logger, interruption: Interruption) throws {
        let lines = display.stream ? StreamWriter(coordinates: output.coordinates) : nil
        var stalled: String?
        do {
            // Found out now rather than after a long analysis.
            for path in [output.json, output.video, output.csv, output.tracer].compactMap({ $0 }) where path != "-" {
                try AtomicFile.checkWritableFolder(for: path)
            }
            let overlay = output.video.map {
                OverlayVideoRequest(path: $0, encoding: videoEncoding, drawing: look.drawing)
            }
            let name = input == "-" ? "standard input" : URL(fileURLWithPath: input).lastPathComponent
            let started = Date()
            let result = try VideoAnalysis.run(
                path: input, settings: settings, overlay: overlay, tracer: try tracerRequest,
                cancellation: interruption.cancellation, sourceTimeout: display.timeout, reconnect: display.reconnect, logger: logger,
                progress: { console.status(ProgressText.describe(name, $0, elapsed: Date().timeIntervalSince(started))) },
                reconnected: { try lines?.write($0) },
                frameAnalysed: lines.map { writer in { try writer.write($0) } })
            console.clearStatus()
            try report(result, console: console)
            stalled = result.sourceStalled ? result.integrity.stoppedEarlyBecause ?? "it stalled" : nil
            lines?.end(StreamEndLine.Reason(result.ending), stalled.map { "\(input) stopped sending: \($0)" } ?? Self.ending(result))
        } catch is StandardOutputClosed {
            // The reader of the stream went away (`| head`): stopping is what was asked.
            console.clearStatus()
        } catch is AnalysisCancelled {
            console.clearStatus()
            // True to what was kept: stream lines already written stay written.
            let written = lines?.linesWritten ?? 0
            let kept = written > 0 ? "; the \(written) stream line\(written == 1 ? "" : "s") already written stand, nothing else was written"
                : "; nothing was written"
            lines?.end(.interrupted, "interrupted by \(interruption.signalName)")
            writeStandardError("Error: interrupted by \(interruption.signalName)\(kept)\n")
            throw ExitCode(interruption.exitCode)
        } catch let error as AnalysisSettingsError {
            console.clearStatus()
            lines?.end(.failed, "\(flag(for: error)): \(error)")
            // Only known once the video's size is: reported like the other flag errors.
            throw fail(error, flag: flag(for: error))
        } catch {
            console.clearStatus()
            lines?.end(.failed, "\(error)")
            throw fail(error)
        }
        if let stalled {
            // Everything analysed was written; a source gone silent is still a failure.
            let kept = output.json == nil && output.csv == nil && lines == nil ? "" : "; what was analysed was written"
            writeStandardError("Error: \(input) stopped sending: \(stalled)\(kept)\n")
            throw ExitCode(ExitStatus.sourceStalled)
        }
    }

    /// The end line's words for an analysis that was not given up.
    private static func ending(_ result: AnalysisResult) -> String {
        let read = "\(result.decodedFrameCount) frames (\(String(printf: "%.1f", result.decodedDuration)) s)"
        switch result.ending {
        case .endOfInput: return "the input ended after \(read)"
        case .sourceClosed: return "the source closed the stream after \(read)"
        case .sourceStalled, .stoppedEarly: return "reading stopped after \(read): \(result.integrity.stoppedEarlyBecause ?? "the input could not be read further")"
        }
    }

    /// Writes the document, then the summary: on standard output when nothing else goes there,
    /// else on standard error. Warnings go to standard error. `--quiet` keeps both back.
    private func report(_ result: AnalysisResult, console: Console) throws {
        if let json = output.json { try write(try AnalysisDocument(result: result).jsonData(), to: json) }
        if let csv = output.csv { try write(Data(PointsCSV.text(for: result).utf8), to: csv) }
        guard !display.quiet else { return }
        let summary = TextSummary.lines(for: result).joined(separator: "\n") + "\n"
        if output.json == nil && output.video == nil && output.csv == nil && output.tracer == nil && !display.stream {
            print(summary, terminator: "")
        } else {
            writeStandardError(summary)
        }
        writeStandardError(result.warnings.map { "warning: \($0)\n" }.joined())
    }

    /// Standard output for '-', else a file that appears only once complete.
    private func write(_ data: Data, to path: String) throws {
        if path == "-" {
            StandardStream.output.write(data)
        } else {
            try AtomicFile.write(data, to: path)
        }
    }

    private var tracerRequest: TracerRequest? {
        get throws(AnalysisSettingsError) { try output.tracer.map { path throws(AnalysisSettingsError) in try TracerRequest(path: path, time: output.tracerTime) } }
    }

    func flag(for error: AnalysisSettingsError) -> String { settingsFlag(for: error, physics: physics) }
}

/// True when two paths name the same file (resolving links), or the same path when neither exists.
func samePath(_ a: String, _ b: String) -> Bool {
    let ua = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
    let ub = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
    return ua.path == ub.path
}
