import FoundationEssentials

/// Everything one analysis found, before it is written anywhere.
public struct AnalysisResult: Sendable {
    public var source: VideoSourceInfo
    /// Frames decoded, and the seconds they span (from their timestamps).
    public var decodedFrameCount: Int
    public var decodedDuration: Double
    /// Whether the input was whole: a clip cut short or damaged is analysed as far as it goes.
    package var integrity: InputIntegrity
    public var settings: AnalysisSettings
    /// The settings as applied to this video: radii in pixels, the analysis size.
    package var applied: AppliedSettings
    public var trajectories: [TrajectoryObservation]
    public var warnings: [String]
    public var analysedFrameCount: Int
    /// Whether the camera moved, and how many frames repeated the picture before them.
    package var capture: CaptureSummary
    /// The time of the frame the tracer picture was drawn over, when one was asked for.
    public var tracerFrameTime: Double? = nil
    /// The live source sent nothing for the analysis's `sourceTimeout` and was given up: the
    /// result holds what was analysed before (the ``warnings`` say when).
    public var sourceStalled = false
    /// Why reading ended.
    public var ending = AnalysisEnding.endOfInput
    /// Each time a live source was lost and opened again (``VideoAnalysis`` with `reconnect`).
    public var reconnections: [SourceReconnection] = []
    /// Where the analysis spent its CPU time (not written to the document: it differs from run
    /// to run).
    package var stageTimes = StageTimes()
}

extension AnalysisResult {
    /// The JSON document of this result, as `balltrace analyze --json` writes it (its schema is
    /// printed by `balltrace schema`): the source, the settings as given and as applied to the
    /// video, how whole the input was, how it was filmed, and every trajectory.
    public func jsonDocument() throws -> Data { try AnalysisDocument(result: self).jsonData() }
}

/// Why an analysis stopped reading its input.
public enum AnalysisEnding: String, Sendable, Hashable, Codable {
    /// A file, or standard input, was read to its end.
    case endOfInput = "end of input"
    /// A live source (a URL, a camera) closed the stream: it has no natural end, so it went away.
    case sourceClosed = "source closed"
    /// A live source sent nothing for the timeout and was given up, or was lost and did not
    /// come back (``AnalysisResult/sourceStalled``).
    case sourceStalled = "source stalled"
    /// The input could not be read further: its picture size changed, or the decoder failed
    /// again and again (the result's warnings say which).
    case stoppedEarly = "stopped early"
}

/// Settings resolved against the video: what the analysis actually used.
package struct AppliedSettings: Sendable, Hashable, Codable {
    package var minimumRadiusPixels: Double
    package var maximumRadiusPixels: Double
    package var analysisWidth: Int
    package var analysisHeight: Int
    package var maximumMissedFrames: Int
    package var backgroundSubtraction: String
    /// The range a pixel's foreground threshold adapts within, 8-bit luma levels.
    package var foregroundThresholdMinimum: Int
    package var foregroundThresholdMaximum: Int
}
