import ArgumentParser
import BallTrace
import FoundationEssentials

/// How the flights are drawn on a video: `analyze --video` (and `--render`) and the clips of
/// `shots` share these flags.
struct TracerOptions: ParsableArguments {
    /// The `--style` names.
    enum Style: String, ExpressibleByArgument, CaseIterable {
        case vision, broadcast
    }

    @Option(help: "How flights are drawn on videos: vision (region of interest, detected path red, projected path green) or broadcast (a smooth glowing tracer that grows with the ball and fades after the flight).")
    var style: Style = .vision

    @Option(name: .customLong("tracer-color"),
            help: ArgumentHelp("With --style broadcast: the tracer's colour, a name (red, orange, yellow, green, cyan, blue, magenta, white, black) or #RRGGBB (default #FF4018).", valueName: "color"),
            transform: parseColour)
    var tracerColour: RGBColour?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --style broadcast: the tracer's width in pixels of a 1080-line picture, scaled with the picture (default 8).", valueName: "pixels"),
            transform: parseTracerWidth)
    var tracerWidth: Double?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --style broadcast: the tracer's opacity, 0–1 (default 0.9).", valueName: "opacity"),
            transform: parseOpacity)
    var tracerOpacity: Double?

    @Flag(help: "With --style broadcast: also draw the rest of the flight predicted beyond the ball, to landing or the picture's edge, dashed.")
    var tracerLanding = false

    /// The drawing these flags ask for.
    var drawing: OverlayDrawing {
        switch style {
        case .vision: return .vision
        case .broadcast:
            return .broadcast(BroadcastTracerStyle(colour: tracerColour ?? BroadcastTracerStyle.defaultColour,
                                                   width: tracerWidth ?? BroadcastTracerStyle.defaultWidth,
                                                   opacity: tracerOpacity ?? 0.9, showsLanding: tracerLanding))
        }
    }

    /// The broadcast tracer's flags given, by name.
    var tracerFlagsGiven: [String] {
        [("--tracer-color", tracerColour != nil), ("--tracer-width", tracerWidth != nil),
         ("--tracer-opacity", tracerOpacity != nil), ("--tracer-landing", tracerLanding)].filter(\.1).map(\.0)
    }

    /// Refuses the broadcast tracer's flags without `--style broadcast`, and any of these flags
    /// when no video is drawn (`drawsVideo` false, `video` names what would draw one).
    func validate(drawsVideo: Bool, video: String) throws {
        if style == .vision, let flag = tracerFlagsGiven.first {
            throw ValidationError("\(flag) styles the broadcast tracer; add --style broadcast")
        }
        let given = (style == .broadcast ? ["--style"] : []) + tracerFlagsGiven
        if !drawsVideo, let flag = given.first {
            throw ValidationError("\(flag) chooses how flights are drawn on a video; give \(video) too")
        }
    }
}

/// `--tracer-color`: a name or `#RRGGBB`.
func parseColour(_ text: String) throws -> RGBColour {
    guard let colour = RGBColour(parsing: text) else {
        let names = RGBColour.named.map(\.key).joined(separator: ", ")
        throw ValidationError("expected a colour name (\(names)) or #RRGGBB (#FF4018)")
    }
    return colour
}

/// `--tracer-width`: pixels at 1080 lines, more than 0 and at most 100.
func parseTracerWidth(_ text: String) throws -> Double {
    guard let width = Double(text.trimmingWhitespace()), width.isFinite, width > 0, width <= 100 else {
        throw ValidationError("expected pixels of a 1080-line picture, more than 0 and at most 100 (8)")
    }
    return width
}

/// `--tracer-opacity`: 0…1.
func parseOpacity(_ text: String) throws -> Double {
    guard let opacity = Double(text.trimmingWhitespace()), opacity.isFinite, (0...1).contains(opacity) else {
        throw ValidationError("expected an opacity from 0 (invisible) to 1 (opaque) (0.9)")
    }
    return opacity
}
