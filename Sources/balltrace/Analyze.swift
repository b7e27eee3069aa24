import ArgumentParser
import BallTrace
import Foundation

struct Analyze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Analyse a clip: trajectories as JSON, and the clip with the flights drawn on it.",
        discussion: """
            Examples:
              One line per trajectory:
                balltrace analyze swing.mp4
              The trajectories as JSON, and the clip with the flights drawn on it:
                balltrace analyze swing.mp4 --json swing.json --video swing.traced.mp4
              Upper-left region only, a ball of at most 12 px, JSON to stdout:
                balltrace analyze swing.mov --roi 0,0,0.6,0.7 --max-radius 12px --json -

            \(ExitStatus.help)
            """)

    @Argument(help: "Video file (any container and codec FFmpeg can read).")
    var input: String

    @Option(help: ArgumentHelp("Write the trajectories as JSON to this path ('-' for standard output).", valueName: "path"))
    var json: String?

    @Option(help: ArgumentHelp("Write the clip with the flights drawn on it (H.264 in MP4).", valueName: "path"))
    var video: String?

    // Numeric flags take values that begin with '-', so that `--min-radius -1px` is refused for
    // its value, not mistaken for a missing one.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Region of interest X,Y,W,H, normalized 0…1, origin top-left.", valueName: "x,y,w,h"),
            transform: parseRegion)
    var roi: NormalizedRect?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Smallest ball radius: normalized to the shorter side, or pixels with 'px'; 0 or more.", valueName: "r"),
            transform: parseRadius)
    var minRadius: RadiusLimit = .normalized(0)

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Largest ball radius: normalized to the shorter side, or pixels with 'px'; more than 0.", valueName: "r"),
            transform: parseRadius)
    var maxRadius: RadiusLimit = .normalized(0.15)

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Points a trajectory needs before it is reported (at least 5).", valueName: "n"))
    var trajectoryLength: Int = 10

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Analyse frames at least this many seconds apart (0: every frame).", valueName: "seconds"))
    var frameSpacing: Double = 0

    @Option(help: "Coordinates of reported points: top-left (y down) or vision (origin bottom-left, y up).")
    var coordinates: CoordinateSystem = .topLeft

    @Option(help: ArgumentHelp("libx264 preset of the overlay video (ultrafast … placebo).", valueName: "preset"))
    var videoPreset: String = VideoEncoding.default.preset

    @Option(parsing: .unconditional,
            help: ArgumentHelp("libx264 constant rate factor of the overlay video (0–51).", valueName: "crf"))
    var videoCrf: Int = VideoEncoding.default.crf

    var settings: AnalysisSettings {
        AnalysisSettings(
            regionOfInterest: roi ?? .fullFrame, minimumRadius: minRadius, maximumRadius: maxRadius,
            trajectoryLength: trajectoryLength, frameSpacing: frameSpacing, coordinates: coordinates)
    }

    func validate() throws {
        do {
            try settings.validate()
        } catch {
            throw ValidationError("\(flag(for: error)): \(error)")
        }
        do {
            try VideoEncoding(preset: videoPreset, crf: videoCrf).validate()
        } catch {
            let flag = if case .unknownPreset = error { "--video-preset" } else { "--video-crf" }
            throw ValidationError("\(flag): \(error)")
        }
        if video == "-" { throw ValidationError("--video needs a file path: an MP4 cannot be written to standard output") }
        if let json, let video, json != "-", samePath(json, video) {
            throw ValidationError("--json and --video name the same file '\(json)'")
        }
        for (flag, output) in [("--json", json), ("--video", video)] {
            if let output, output != "-", samePath(output, input) {
                throw ValidationError("\(flag): '\(output)' is the input file, which balltrace never writes over; choose another path")
            }
        }
    }

    func run() throws {
        // First of all, so that Ctrl-C at any moment from here leaves nothing half-written.
        let interruption = Interruption()
        do {
            // Found out now rather than after a long analysis.
            for output in [json, video].compactMap({ $0 }) where output != "-" {
                try AtomicFile.checkWritableFolder(for: output)
            }
            let overlay = video.map { OverlayVideoRequest(path: $0, encoding: VideoEncoding(preset: videoPreset, crf: videoCrf)) }
            let result = try VideoAnalysis.run(path: input, settings: settings, overlay: overlay,
                                               cancellation: interruption.cancellation)
            try report(result)
        } catch is AnalysisCancelled {
            FileHandle.standardError.write(Data("Error: interrupted by \(interruption.signalName); nothing was written\n".utf8))
            throw ExitCode(interruption.exitCode)
        } catch let error as AnalysisSettingsError {
            // Only known once the video's size is: reported like the other flag errors.
            throw fail(error, flag: flag(for: error))
        } catch {
            throw fail(error)
        }
    }

    /// Writes the document, then the summary: on standard output when nothing else goes there,
    /// else on standard error. Warnings always go to standard error.
    private func report(_ result: AnalysisResult) throws {
        if let json {
            let data = try AnalysisDocument(result: result).jsonData()
            if json == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                try AtomicFile.write(data, to: json)
            }
        }
        let summary = TextSummary.lines(for: result).joined(separator: "\n") + "\n"
        if json == nil && video == nil {
            print(summary, terminator: "")
        } else {
            FileHandle.standardError.write(Data(summary.utf8))
        }
        let warnings = result.warnings.map { "warning: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(warnings.utf8))
    }

    private func flag(for error: AnalysisSettingsError) -> String {
        switch error {
        case .regionOutsideFrame: return "--roi"
        case .trajectoryLengthTooShort: return "--trajectory-length"
        case .negativeFrameSpacing: return "--frame-spacing"
        case .negativeRadius: return "--min-radius"
        case .nonPositiveMaximumRadius: return "--max-radius"
        case .minimumAboveMaximum: return "--min-radius/--max-radius"
        }
    }
}

/// True when two paths name the same file (resolving links), or the same path when neither exists.
func samePath(_ a: String, _ b: String) -> Bool {
    let ua = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
    let ub = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
    return ua.path == ub.path
}
