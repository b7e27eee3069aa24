import ArgumentParser
import BallTrace

// The analysis settings the shared flag groups stand for, and the flag each settings error is
// about: one reading of the flags for every command that analyses (analyze, shots).

extension DetectionOptions {
    /// The settings these detection flags and `physics` ask for, reported in `coordinates`.
    func settings(physics: PhysicsOptions, coordinates: CoordinateSystem) -> AnalysisSettings {
        var settings = AnalysisSettings(
            regionOfInterest: roi ?? .fullFrame,
            minimumRadius: minRadius ?? physics.ball?.minimumRadius ?? .normalized(0),
            maximumRadius: maxRadius ?? physics.ball?.maximumRadius ?? .normalized(0.15),
            trajectoryLength: trajectoryLength, frameSpacing: frameSpacing, coordinates: coordinates,
            scale: physics.scale, tee: tee)
        settings.fixedCamera = fixedCamera
        settings.slowMotion = slowMotion
        return settings
    }
}

extension PhysicsOptions {
    /// A calibration wins over a diameter; the --ball's diameter is the fallback.
    var scale: ScaleSetting? {
        if let pixelsPerMetre { return .pixelsPerMetre(pixelsPerMetre) }
        if let length = ballDiameter ?? ball.map({ Length(metres: $0.diameter) }) { return .ballDiameter(length) }
        return nil
    }

    func checkOneScale() throws {
        if pixelsPerMetre != nil && ballDiameter != nil {
            throw ValidationError("--pixels-per-metre and --ball-diameter both set the scale; give one")
        }
    }
}

/// The flag a settings error is about, to begin its message with.
func settingsFlag(for error: AnalysisSettingsError, physics: PhysicsOptions) -> String {
    switch error {
    case .regionOutsideFrame: return "--roi"
    case .teeOutsideFrame: return "--tee"
    case .trajectoryLengthTooShort: return "--trajectory-length"
    case .negativeFrameSpacing: return "--frame-spacing"
    case .slowMotionOutOfRange: return "--slow-motion"
    case .negativeRadius: return "--min-radius"
    case .nonPositiveMaximumRadius: return "--max-radius"
    case .minimumAboveMaximum: return "--min-radius/--max-radius"
    case .nonPositiveScale: return physics.pixelsPerMetre != nil ? "--pixels-per-metre" : "--ball-diameter"
    case .unsupportedTracerFormat: return "--tracer"
    case .negativeTracerTime, .tracerTimeBeyondClip: return "--tracer-time"
    case .unknownVideoPreset, .videoCrfOutOfRange: return videoEncodingFlag(for: error)
    }
}

/// The flag an encoding error is about: the preset's, or else the rate factor's.
func videoEncodingFlag(for error: AnalysisSettingsError) -> String {
    if case .unknownVideoPreset = error { return "--video-preset" }
    return "--video-crf"
}
