import BallTrace
import Foundation

/// Vision's image options (none of them changes the analysis here).
public struct VNImageOption: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let cameraIntrinsics = VNImageOption(rawValue: "VNImageOptionCameraIntrinsics")
    public static let ciContext = VNImageOption(rawValue: "VNImageOptionCIContext")
}

/// Vision's `VNImageRequestHandler`: performs requests on one frame.
///
/// As in Vision, a stateful request keeps its state itself, so a new handler for each frame of
/// a sequence is how Apple's article uses it.
public final class VNImageRequestHandler {
    private let input: VideoFrameInput

    public init(cmSampleBuffer: CMSampleBuffer, orientation: CGImagePropertyOrientation = .up,
                options: [VNImageOption: Any] = [:]) {
        input = VideoFrameInput(frame: cmSampleBuffer, orientation: orientation)
    }

    public init(cvPixelBuffer: CVPixelBuffer, orientation: CGImagePropertyOrientation = .up,
                options: [VNImageOption: Any] = [:]) {
        input = VideoFrameInput(frame: cvPixelBuffer, orientation: orientation)
    }

    /// Performs each request on the frame, in order, calling each one's completion handler;
    /// throws the first error after handing it to that request's handler.
    public func perform(_ requests: [VNRequest]) throws {
        try performAll(requests, on: input)
    }
}

/// Vision's `VNSequenceRequestHandler`: performs requests on the frames of a sequence.
public final class VNSequenceRequestHandler {
    public init() {}

    public func perform(_ requests: [VNRequest], on sampleBuffer: CMSampleBuffer,
                        orientation: CGImagePropertyOrientation = .up) throws {
        try performAll(requests, on: VideoFrameInput(frame: sampleBuffer, orientation: orientation))
    }
}

private func performAll(_ requests: [VNRequest], on input: VideoFrameInput) throws {
    for request in requests {
        do {
            try request.perform(on: input)
            request.completionHandler?(request, nil)
        } catch {
            request.completionHandler?(request, error)
            throw error
        }
    }
}
