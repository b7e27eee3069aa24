/// How the clip was filmed, as the analysis measured it: whether the camera moved, how many
/// frames only repeated the picture before them (a clip converted to a higher frame rate), and
/// how many came only half a step after it (a clip converted to a lower one).
/// Points are always reported in each frame's own pixels; a user reads here whether the
/// camera's motion was taken out to follow the balls.
package struct CaptureSummary: Sendable, Hashable, Codable {
    /// Whether the camera moved (pan, zoom, a hand's drift) by more than a pixel at some point.
    package var cameraMoved: Bool
    /// The farthest any corner of the picture moved from where it was in the first frame,
    /// pixels of the displayed picture.
    package var largestCameraDisplacement: Double
    /// Frames that repeated the picture before them and were not analysed.
    package var repeatedFrames: Int
    /// Frames that moved half a step: the camera's next picture where the frames around them
    /// skip one (a clip converted to a lower frame rate by keeping whole pictures). They are
    /// timed by the clip's beat rather than their timestamps.
    package var shortStepFrames: Int

    package init(cameraMoved: Bool, largestCameraDisplacement: Double, repeatedFrames: Int, shortStepFrames: Int = 0) {
        self.cameraMoved = cameraMoved
        self.largestCameraDisplacement = largestCameraDisplacement
        self.repeatedFrames = repeatedFrames
        self.shortStepFrames = shortStepFrames
    }

    /// This summary and that of frames analysed after it (tracking started afresh between them).
    func merged(with later: CaptureSummary) -> CaptureSummary {
        CaptureSummary(cameraMoved: cameraMoved || later.cameraMoved,
                       largestCameraDisplacement: max(largestCameraDisplacement, later.largestCameraDisplacement),
                       repeatedFrames: repeatedFrames + later.repeatedFrames, shortStepFrames: shortStepFrames + later.shortStepFrames)
    }

    private enum CodingKeys: String, CodingKey {
        case cameraMoved, largestCameraDisplacement, repeatedFrames, shortStepFrames
    }

    /// Documents written before `shortStepFrames` was measured read as having none.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cameraMoved = try container.decode(Bool.self, forKey: .cameraMoved)
        largestCameraDisplacement = try container.decode(Double.self, forKey: .largestCameraDisplacement)
        repeatedFrames = try container.decode(Int.self, forKey: .repeatedFrames)
        shortStepFrames = try container.decodeIfPresent(Int.self, forKey: .shortStepFrames) ?? 0
    }
}
