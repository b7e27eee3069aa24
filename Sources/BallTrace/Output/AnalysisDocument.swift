import FoundationEssentials
import Glibc

/// The JSON document `balltrace analyze --json` writes, version 1. Field names are a contract:
/// coaching tools read them. Numbers are rounded to what the measurement supports.
package struct AnalysisDocument: Sendable, Codable, Hashable {
    package var schemaVersion: Int
    package var coordinateSystem: CoordinateSystem
    package var source: Source
    package var settings: Settings
    package var trajectories: [Trajectory]
    /// Non-fatal problems met while reading the input (damaged frames, a truncated end).
    package var warnings: [String]

    package struct Source: Sendable, Codable, Hashable {
        package var path: String
        /// Displayed size, after rotation.
        package var width: Int
        package var height: Int
        /// Clockwise degrees the stored picture is turned for display.
        package var rotation: Int
        package var frameRate: Double
        /// Seconds, from the decoded frames' timestamps.
        package var duration: Double
        /// Frames actually decoded.
        package var frameCount: Int
        package var codec: String
        /// Whether the file was whole; when it was not, `warnings` say so in words. Always
        /// written; absent only from documents of balltrace 0.1.0 before it was added.
        package var integrity: InputIntegrity?
        /// Whether the camera moved and how many frames repeated the one before. Always
        /// written; absent from documents of balltrace before it was added.
        package var capture: CaptureSummary?
    }

    package struct Settings: Sendable, Codable, Hashable {
        package var regionOfInterest: NormalizedRect
        /// Normalized to the shorter side, and in pixels.
        package var minimumRadius: Double
        package var minimumRadiusPixels: Double
        package var maximumRadius: Double
        package var maximumRadiusPixels: Double
        package var trajectoryLength: Int
        package var frameSpacing: Double
        package var analysedFrames: Int
        package var analysisWidth: Int
        package var analysisHeight: Int
        package var maximumMissedFrames: Int
        package var backgroundSubtraction: String
        /// The range each pixel's foreground threshold adapts within, in 8-bit luma levels: it
        /// follows six times the pixel's typical difference from the background.
        package var foregroundThresholdMinimum: Int
        package var foregroundThresholdMaximum: Int
        /// The scale asked for, one way or the other (absent without one).
        package var pixelsPerMetre: Double?
        /// Metres.
        package var ballDiameter: Double?
        /// Where the ball rests before it is struck, normalized, origin top-left (absent when not given).
        package var tee: NormalizedPoint?
        /// True when the camera was said to stand still (`--fixed-camera`) and its motion was
        /// not followed; absent otherwise.
        package var fixedCamera: Bool?
        /// How many times slower than life the clip was said to play (`--slow-motion`); absent
        /// for a clip that plays in real time.
        package var slowMotion: Double?
    }

    package struct Point: Sendable, Codable, Hashable {
        package var x: Double
        package var y: Double
    }

    package struct Trajectory: Sendable, Codable, Hashable {
        package var uuid: UUID
        package var detectedPoints: [DetectedPoint]
        package var projectedPoints: [Point]
        package var equationCoefficients: [Double]
        package var timeRange: TimeRange
        package var confidence: Double
        package var movingAverageRadius: Double
        /// Frame from which an overlay shows this trajectory (when it was first reported).
        package var firstReportedFrame: Int
        // Beyond Vision; absent from documents written before they were added.
        package var motion: FlightMotion?
        package var events: FlightEvents?
        package var predictedPoints: [PredictedPoint]?
        /// Present when the analysis was given a scale.
        package var physics: FlightPhysics?
        /// Present when the flight is the ball coming back into the picture after leaving it.
        package var continues: UUID?
    }

    package init(result: AnalysisResult) {
        schemaVersion = 1
        coordinateSystem = result.settings.coordinates
        let geometry = result.source.geometry
        let shorter = geometry.shorterSide
        source = Source(
            path: result.source.path, width: geometry.displayedWidth, height: geometry.displayedHeight,
            rotation: geometry.rotation.rawValue, frameRate: rounded(result.source.frameRate, 4),
            duration: rounded(result.decodedDuration, 6), frameCount: result.decodedFrameCount,
            codec: result.source.codecName, integrity: result.integrity.rounded, capture: result.capture)
        let s = result.settings
        settings = Settings(
            regionOfInterest: s.regionOfInterest,
            minimumRadius: rounded(s.minimumRadius.normalized(shorterSide: shorter), 6),
            minimumRadiusPixels: rounded(result.applied.minimumRadiusPixels, 3),
            maximumRadius: rounded(s.maximumRadius.normalized(shorterSide: shorter), 6),
            maximumRadiusPixels: rounded(result.applied.maximumRadiusPixels, 3),
            trajectoryLength: s.trajectoryLength, frameSpacing: s.frameSpacing,
            analysedFrames: result.analysedFrameCount, analysisWidth: result.applied.analysisWidth,
            analysisHeight: result.applied.analysisHeight, maximumMissedFrames: result.applied.maximumMissedFrames,
            backgroundSubtraction: result.applied.backgroundSubtraction,
            foregroundThresholdMinimum: result.applied.foregroundThresholdMinimum,
            foregroundThresholdMaximum: result.applied.foregroundThresholdMaximum,
            pixelsPerMetre: s.scale?.pixelsPerMetre, ballDiameter: s.scale?.ballDiameter?.metres, tee: s.tee,
            fixedCamera: s.fixedCamera ? true : nil, slowMotion: s.slowMotion == 1 ? nil : s.slowMotion)
        trajectories = result.trajectories.map(Trajectory.init)
        warnings = result.warnings
    }

    /// Whether this document was made with these settings: what a batch that skips clips
    /// already analysed checks, so that other flags analyse them again.
    package func wasMade(with wanted: AnalysisSettings) -> Bool {
        let shorter = min(source.width, source.height)
        return coordinateSystem == wanted.coordinates
            && settings.regionOfInterest == wanted.regionOfInterest
            && settings.trajectoryLength == wanted.trajectoryLength
            && settings.frameSpacing == wanted.frameSpacing
            && settings.minimumRadius == rounded(wanted.minimumRadius.normalized(shorterSide: shorter), 6)
            && settings.maximumRadius == rounded(wanted.maximumRadius.normalized(shorterSide: shorter), 6)
            && settings.pixelsPerMetre == wanted.scale?.pixelsPerMetre
            && settings.ballDiameter == wanted.scale?.ballDiameter?.metres
            && settings.tee == wanted.tee
            && (settings.fixedCamera ?? false) == wanted.fixedCamera
            && (settings.slowMotion ?? 1) == wanted.slowMotion
    }

    /// The document as pretty-printed JSON, keys in declaration order, ending in a newline.
    package func jsonData() throws -> Data {
        try OrderedJSONEncoder().encode(self)
    }
}

extension AnalysisDocument.Trajectory {
    /// An observation as the document reports it, rounded to what the measurement supports.
    package init(_ o: TrajectoryObservation) {
        self.init(
            uuid: o.uuid,
            detectedPoints: o.detectedPoints.map {
                DetectedPoint(frame: $0.frame, time: rounded($0.time, 6), x: rounded($0.x, 6), y: rounded($0.y, 6),
                              radius: rounded($0.radius, 6))
            },
            projectedPoints: o.projectedPoints.map { AnalysisDocument.Point(x: rounded($0.x, 6), y: rounded($0.y, 6)) },
            equationCoefficients: [o.equation.a, o.equation.b, o.equation.c].map { significant($0, 9) },
            timeRange: TimeRange(start: rounded(o.timeRange.start, 6), duration: rounded(o.timeRange.duration, 6)),
            confidence: rounded(Double(o.confidence), 4),
            movingAverageRadius: rounded(o.movingAverageRadius, 6),
            firstReportedFrame: o.firstReportedFrame,
            motion: o.motion.rounded,
            events: o.events.rounded,
            predictedPoints: o.predictedPoints.map {
                PredictedPoint(time: rounded($0.time, 6), x: rounded($0.x, 6), y: rounded($0.y, 6))
            },
            physics: o.physics?.rounded,
            continues: o.continues)
    }
}

func rounded(_ value: Double, _ decimals: Int) -> Double {
    guard value.isFinite else { return 0 }
    let scale = pow(10, Double(decimals))
    return (value * scale).rounded() / scale
}

extension FlightMotion {
    var rounded: FlightMotion {
        FlightMotion(x: x.map { significant($0, 7) }, y: y.map { significant($0, 7) }, rms: significant(rms, 4))
    }
}

extension FlightEvents {
    var rounded: FlightEvents {
        var copy = self
        copy.launch.time = BallTrace.rounded(launch.time, 6)
        copy.exit.time = BallTrace.rounded(exit.time, 6)
        if var apex {
            apex.time = BallTrace.rounded(apex.time, 6)
            apex.x = BallTrace.rounded(apex.x, 6)
            apex.y = BallTrace.rounded(apex.y, 6)
            copy.apex = apex
        }
        return copy
    }
}

extension FlightPhysics {
    /// Three decimals: millimetres, milliseconds, thousandths of a degree; more than a video shows.
    var rounded: FlightPhysics {
        var copy = self
        for keyPath in [\FlightPhysics.gravity, \.launchSpeed, \.launchAngle, \.apexHeight, \.flightTime, \.horizontalSpeed, \.carry] {
            copy[keyPath: keyPath] = self[keyPath: keyPath].map { BallTrace.rounded($0, 3) }
        }
        copy.scale.pixelsPerMetre = BallTrace.rounded(scale.pixelsPerMetre, 3)
        return copy
    }
}

extension InputIntegrity {
    /// Times to the microsecond, like the document's other times.
    var rounded: InputIntegrity {
        InputIntegrity(
            endsEarly: endsEarly, claimedDuration: claimedDuration.map { BallTrace.rounded($0, 6) },
            claimedFrameCount: claimedFrameCount, repairedFrames: repairedFrames, damagedPackets: damagedPackets,
            damageStart: damageStart.map { BallTrace.rounded($0, 6) }, damageEnd: damageEnd.map { BallTrace.rounded($0, 6) },
            stoppedEarlyBecause: stoppedEarlyBecause)
    }
}

/// Rounds to a number of significant digits (equation coefficients span many magnitudes).
func significant(_ value: Double, _ digits: Int) -> Double {
    guard value.isFinite, value != 0 else { return 0 }
    let magnitude = Int(floor(log10(abs(value)))) + 1
    return rounded(value, digits - magnitude)
}
