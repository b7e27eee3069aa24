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
              Launch speed, angle and apex of a golf shot, and a picture to send the player:
                balltrace analyze swing.mp4 --ball golf --tracer swing.png
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

    @Option(help: ArgumentHelp("Write one row per detected point as CSV ('-' for standard output).", valueName: "path"))
    var csv: String?

    @Option(help: ArgumentHelp("Write one picture with every flight drawn on it, launch speed and angle beside it when a scale is known (.png or .jpg).", valueName: "path"))
    var tracer: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Draw the tracer picture over the frame at this time (default: the longest flight's last detection).", valueName: "seconds"))
    var tracerTime: Double?

    // Numeric flags take values that begin with '-', so that `--min-radius -1px` is refused for
    // its value, not mistaken for a missing one.
    @Option(parsing: .unconditional,
            help: ArgumentHelp("Region of interest X,Y,W,H, normalized 0…1, origin top-left.", valueName: "x,y,w,h"),
            transform: parseRegion)
    var roi: NormalizedRect?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Smallest ball radius: normalized to the shorter side, or pixels with 'px'; 0 or more (default: 0, or the --ball's).", valueName: "r"),
            transform: parseRadius)
    var minRadius: RadiusLimit?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Largest ball radius: normalized to the shorter side, or pixels with 'px'; more than 0 (default: 0.15, or the --ball's).", valueName: "r"),
            transform: parseRadius)
    var maxRadius: RadiusLimit?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Points a trajectory needs before it is reported (at least 5).", valueName: "n"))
    var trajectoryLength: Int = 10

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Analyse frames at least this many seconds apart (0: every frame).", valueName: "seconds"))
    var frameSpacing: Double = 0

    @Option(help: ArgumentHelp("The ball: sets its diameter for the physics, and radius bounds that suit it.", valueName: "ball"))
    var ball: Ball?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Scale for the physics, from a calibration (a metre stick in view).", valueName: "N"))
    var pixelsPerMetre: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The ball's real diameter (42.67mm, 1.68in, 6.7cm): the scale follows from its radius at launch.", valueName: "length"),
            transform: parseLength)
    var ballDiameter: Length?

    @Option(help: "Coordinates of reported points: top-left (y down) or vision (origin bottom-left, y up).")
    var coordinates: CoordinateSystem = .topLeft

    @Option(help: ArgumentHelp("libx264 preset of the overlay video (ultrafast … placebo).", valueName: "preset"))
    var videoPreset: String = VideoEncoding.default.preset

    @Option(parsing: .unconditional,
            help: ArgumentHelp("libx264 constant rate factor of the overlay video (0–51).", valueName: "crf"))
    var videoCrf: Int = VideoEncoding.default.crf

    var settings: AnalysisSettings {
        AnalysisSettings(
            regionOfInterest: roi ?? .fullFrame,
            minimumRadius: minRadius ?? ball?.minimumRadius ?? .normalized(0),
            maximumRadius: maxRadius ?? ball?.maximumRadius ?? .normalized(0.15),
            trajectoryLength: trajectoryLength, frameSpacing: frameSpacing, coordinates: coordinates,
            scale: scale)
    }

    /// A calibration wins over a diameter; the --ball's diameter is the fallback.
    private var scale: ScaleSetting? {
        if let pixelsPerMetre { return .pixelsPerMetre(pixelsPerMetre) }
        if let length = ballDiameter ?? ball.map({ Length(metres: $0.diameter) }) { return .ballDiameter(length) }
        return nil
    }

    func validate() throws {
        if pixelsPerMetre != nil && ballDiameter != nil {
            throw ValidationError("--pixels-per-metre and --ball-diameter both set the scale; give one")
        }
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
        if tracer == "-" { throw ValidationError("--tracer needs a file path ending in .png or .jpg") }
        if tracerTime != nil && tracer == nil { throw ValidationError("--tracer-time chooses the frame of a tracer picture: give --tracer too") }
        do {
            _ = try tracerRequest
        } catch {
            throw ValidationError("\(error.flag): \(error)")
        }
        let outputs = [("--json", json), ("--video", video), ("--csv", csv), ("--tracer", tracer)]
            .compactMap { flag, path in path.map { (flag, $0) } }
        if outputs.filter({ $0.1 == "-" }).count > 1 {
            throw ValidationError("only one output can go to standard output ('-')")
        }
        for (i, a) in outputs.enumerated() {
            for b in outputs[(i + 1)...] where a.1 != "-" && samePath(a.1, b.1) {
                throw ValidationError("\(a.0) and \(b.0) name the same file '\(a.1)'")
            }
        }
        for (flag, output) in outputs {
            if output != "-", samePath(output, input) {
                throw ValidationError("\(flag): '\(output)' is the input file, which balltrace never writes over; choose another path")
            }
        }
    }

    func run() throws {
        // First of all, so that Ctrl-C at any moment from here leaves nothing half-written.
        let interruption = Interruption()
        do {
            // Found out now rather than after a long analysis.
            for output in [json, video, csv, tracer].compactMap({ $0 }) where output != "-" {
                try AtomicFile.checkWritableFolder(for: output)
            }
            let overlay = video.map { OverlayVideoRequest(path: $0, encoding: VideoEncoding(preset: videoPreset, crf: videoCrf)) }
            let result = try VideoAnalysis.run(path: input, settings: settings, overlay: overlay, tracer: try tracerRequest,
                                               cancellation: interruption.cancellation)
            try report(result)
        } catch is AnalysisCancelled {
            FileHandle.standardError.write(Data("Error: interrupted by \(interruption.signalName); nothing was written\n".utf8))
            throw ExitCode(interruption.exitCode)
        } catch let error as AnalysisSettingsError {
            // Only known once the video's size is: reported like the other flag errors.
            throw fail(error, flag: flag(for: error))
        } catch let error as TracerRequestError {
            throw fail(error, flag: error.flag)
        } catch {
            throw fail(error)
        }
    }

    /// Writes the document, then the summary: on standard output when nothing else goes there,
    /// else on standard error. Warnings always go to standard error.
    private func report(_ result: AnalysisResult) throws {
        if let json { try write(try AnalysisDocument(result: result).jsonData(), to: json) }
        if let csv { try write(Data(PointsCSV.text(for: result).utf8), to: csv) }
        let summary = TextSummary.lines(for: result).joined(separator: "\n") + "\n"
        if json == nil && video == nil && csv == nil && tracer == nil {
            print(summary, terminator: "")
        } else {
            FileHandle.standardError.write(Data(summary.utf8))
        }
        let warnings = result.warnings.map { "warning: \($0)\n" }.joined()
        FileHandle.standardError.write(Data(warnings.utf8))
    }

    /// Standard output for '-', else a file that appears only once complete.
    private func write(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
        } else {
            try AtomicFile.write(data, to: path)
        }
    }

    private var tracerRequest: TracerRequest? {
        get throws(TracerRequestError) { try tracer.map { path throws(TracerRequestError) in try TracerRequest(path: path, time: tracerTime) } }
    }

    private func flag(for error: AnalysisSettingsError) -> String {
        switch error {
        case .regionOutsideFrame: return "--roi"
        case .trajectoryLengthTooShort: return "--trajectory-length"
        case .negativeFrameSpacing: return "--frame-spacing"
        case .negativeRadius: return "--min-radius"
        case .nonPositiveMaximumRadius: return "--max-radius"
        case .minimumAboveMaximum: return "--min-radius/--max-radius"
        case .nonPositiveScale: return pixelsPerMetre != nil ? "--pixels-per-metre" : "--ball-diameter"
        }
    }
}

/// True when two paths name the same file (resolving links), or the same path when neither exists.
func samePath(_ a: String, _ b: String) -> Bool {
    let ua = URL(fileURLWithPath: a).standardizedFileURL.resolvingSymlinksInPath()
    let ub = URL(fileURLWithPath: b).standardizedFileURL.resolvingSymlinksInPath()
    return ua.path == ub.path
}

extension TracerRequestError {
    /// The flag whose value is wrong.
    var flag: String {
        switch self {
        case .unsupportedFormat: return "--tracer"
        case .negativeTime, .timeBeyondClip: return "--tracer-time"
        }
    }
}
