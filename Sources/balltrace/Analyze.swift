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

            Exit codes: 0 success, 64 a flag out of range, 1 an input or output that
            cannot be used, 130 or 143 stopped by Ctrl-C (SIGINT) or SIGTERM, with nothing
            written.
            """)

    @Argument(help: "Video file (any container and codec FFmpeg can read).")
    var input: String

    @Option(help: ArgumentHelp("Write the trajectories as JSON to this path ('-' for standard output).", valueName: "path"))
    var json: String?

    @Option(help: ArgumentHelp("Write the clip with the flights drawn on it (H.264 in MP4).", valueName: "path"))
    var video: String?

    @Option(help: ArgumentHelp("Region of interest X,Y,W,H, normalized 0…1, origin top-left.", valueName: "x,y,w,h"))
    var roi: RegionArgument?

    @Option(help: ArgumentHelp("Smallest ball radius: normalized to the shorter side, or pixels with 'px'.", valueName: "r"))
    var minRadius: RadiusLimit = .normalized(0)

    @Option(help: ArgumentHelp("Largest ball radius: normalized to the shorter side, or pixels with 'px'.", valueName: "r"))
    var maxRadius: RadiusLimit = .normalized(0.15)

    @Option(help: ArgumentHelp("Points a trajectory needs before it is reported (at least 5).", valueName: "n"))
    var trajectoryLength: Int = 10

    @Option(help: ArgumentHelp("Analyse frames at least this many seconds apart (0: every frame).", valueName: "seconds"))
    var frameSpacing: Double = 0

    @Option(help: "Coordinates of reported points: top-left (y down) or vision (origin bottom-left, y up).")
    var coordinates: CoordinateSystem = .topLeft

    @Option(help: ArgumentHelp("libx264 preset of the overlay video.", valueName: "preset"))
    var videoPreset: String = VideoEncoding.default.preset

    @Option(help: ArgumentHelp("libx264 constant rate factor of the overlay video (0–51).", valueName: "crf"))
    var videoCrf: Int = VideoEncoding.default.crf

    var settings: AnalysisSettings {
        AnalysisSettings(
            regionOfInterest: roi?.rect ?? .fullFrame, minimumRadius: minRadius, maximumRadius: maxRadius,
            trajectoryLength: trajectoryLength, frameSpacing: frameSpacing, coordinates: coordinates)
    }

    func validate() throws {
        do {
            try settings.validate()
        } catch {
            throw ValidationError("\(flag(for: error)): \(error)")
        }
        guard (0...51).contains(videoCrf) else { throw ValidationError("--video-crf must be 0…51 (got \(videoCrf))") }
        if video == "-" { throw ValidationError("--video needs a file path: an MP4 cannot be written to standard output") }
        if let json, let video, json != "-", samePath(json, video) {
            throw ValidationError("--json and --video name the same file '\(json)'")
        }
        for output in [json, video].compactMap({ $0 }) where output != "-" && samePath(output, input) {
            throw ValidationError("output '\(output)' is the input file; choose another path")
        }
    }

    func run() throws {
        // First of all, so that Ctrl-C at any moment from here leaves nothing half-written.
        let interruption = Interruption()
        // Found out now rather than after a long analysis.
        for output in [json, video].compactMap({ $0 }) where output != "-" {
            try AtomicFile.checkWritableFolder(for: output)
        }
        let overlay = video.map { OverlayVideoRequest(path: $0, encoding: VideoEncoding(preset: videoPreset, crf: videoCrf)) }
        let result: AnalysisResult
        do {
            result = try VideoAnalysis.run(path: input, settings: settings, overlay: overlay,
                                           cancellation: interruption.cancellation)
        } catch is AnalysisCancelled {
            FileHandle.standardError.write(Data("Error: interrupted by \(interruption.signalName); nothing was written\n".utf8))
            throw ExitCode(interruption.exitCode)
        } catch let error as AnalysisSettingsError {
            // Only known once the video's size is: reported like the other flag errors.
            FileHandle.standardError.write(Data("Error: \(flag(for: error)): \(error)\n".utf8))
            throw ExitCode.validationFailure
        }
        let summary = TextSummary.lines(for: result).joined(separator: "\n") + "\n"
        if let json {
            let data = try AnalysisDocument(result: result).jsonData()
            if json == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                try AtomicFile.write(data, to: json)
            }
        }
        if json == nil && video == nil {
            print(summary, terminator: "")
        } else {
            FileHandle.standardError.write(Data(summary.utf8))
        }
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
