import ArgumentParser
import BallTrace

// The flags of `balltrace analyze`, in groups as its help shows them. Numeric flags take values
// that begin with '-', so that `--min-radius -1px` is refused for its value, not mistaken for a
// missing one.

/// Several clips into one folder.
struct BatchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Analyse every input into this folder: DIR/<input name>.json (and .traced.mp4 with --render).", valueName: "dir"))
    var outDir: String?

    @Flag(help: "With --out-dir: also write each clip with its flights drawn on it.")
    var render = false

    @Option(help: ArgumentHelp("With --out-dir: clips analysed at once (default 1).", valueName: "n"))
    var jobs: Int = 1

    @Flag(help: "With --out-dir: analyse again clips whose results are already there and newer than the clip.")
    var force = false
}

/// What is written, and where.
struct OutputOptions: ParsableArguments {
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

    @Option(help: "Coordinates of reported points: top-left (y down) or vision (origin bottom-left, y up).")
    var coordinates: CoordinateSystem = .topLeft

    @OptionGroup var encoding: EncodingOptions
}

/// How the videos it writes are encoded: `analyze`'s overlay video, each of `shots`' clips.
/// The preset's default is each command's own (see ``encoding(defaultPreset:)``).
struct EncodingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("libx264 preset of the videos written (ultrafast … placebo; default: veryfast for analyze's overlay video, ultrafast for the clips of shots, which are short and many): a faster one is written sooner, and larger.",
                               valueName: "preset"))
    var videoPreset: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("libx264 constant rate factor of the videos written (0–51).", valueName: "crf"))
    var videoCrf: Int = VideoEncoding.default.crf

    /// The encoding asked for, with `defaultPreset` where no preset was given.
    func encoding(defaultPreset: String) -> VideoEncoding {
        VideoEncoding(preset: videoPreset ?? defaultPreset, crf: videoCrf)
    }

    /// A preset libx264 does not have, or a rate factor out of its range, is refused before any
    /// frame is decoded, the message beginning with the flag.
    func validate() throws {
        do {
            try encoding(defaultPreset: VideoEncoding.default.preset).validate()
        } catch {
            throw ValidationError("\(videoEncodingFlag(for: error)): \(error)")
        }
    }
}

/// What counts as a ball and a flight.
struct DetectionOptions: ParsableArguments {
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

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Where the ball rests before it is struck, X,Y normalized 0…1, origin top-left: flights from there are struck there, their impact is when they leave it (and only they are shots).", valueName: "x,y"),
            transform: parsePoint)
    var tee: NormalizedPoint?

    @Flag(help: "The camera stands still (a tripod): do not follow its motion. Saves that work on every frame; a camera that does move is then seen as its whole picture moving.")
    var fixedCamera = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("How many times slower than life the clip plays (8 for slow motion filmed at 240 fps and played at 30; 1…32): flights are judged by gravity in the time they were filmed in; times stay the clip's. Not given, a file with no flight in real time is analysed again as slow motion when something followed would be one.", valueName: "factor"))
    var slowMotion: Double = 1
}

/// The scale that turns pixels into metres.
struct PhysicsOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The ball: sets its diameter for the physics, and radius bounds that suit it.", valueName: "ball"))
    var ball: Ball?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Scale for the physics, from a calibration (a metre stick in view).", valueName: "N"))
    var pixelsPerMetre: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("The ball's real diameter (42.67mm, 1.68in, 6.7cm): the scale follows from its radius at launch.", valueName: "length"),
            transform: parseLength)
    var ballDiameter: Length?
}

/// What is shown while it runs.
struct DisplayOptions: ParsableArguments {
    @Flag(help: "Write one JSON line per analysed frame to standard output, as it is analysed (for live streams).")
    var stream = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Give up a live source (a URL or a camera) that sends nothing for this many seconds, keeping what was analysed; 0 waits for ever (default 10).", valueName: "seconds"),
            transform: parseTimeout)
    var timeout: Double = 10

    @Flag(help: "When a live source (a URL or a camera) is lost or stalls, open it again: after 0.5 s, then waits that double, for up to --timeout seconds.")
    var reconnect = false

    @Flag(help: "Show progress on standard error even when it is not a terminal.")
    var progress = false

    @Flag(name: .shortAndLong, help: "Print errors only.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Log each stage of the analysis on standard error.")
    var verbose = false
}
