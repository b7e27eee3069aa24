import Foundation

/// Vision's completion handler: called on the performing thread after each perform, with the
/// request (its `results` set) or the error that stopped it.
public typealias VNRequestCompletionHandler = (VNRequest, (any Error)?) -> Void

/// Vision's confidence type.
public typealias VNConfidence = Float

/// What every request gives: the results of its last perform, typed as the base observation.
/// A protocol, so that a request type can state its own results' type under the same name
/// (`VNDetectTrajectoriesRequest.results` is `[VNTrajectoryObservation]?`, as in Vision's
/// Swift overlay) while `request.results as? [VNTrajectoryObservation]` in a completion handler
/// that receives a `VNRequest` works too.
public protocol VNRequestResults: AnyObject {
    var observations: [VNObservation]? { get }
}

extension VNRequestResults {
    /// The observations of the last perform; nil before the first.
    public var results: [VNObservation]? { observations }
}

/// Vision's `VNRequest`: the base of every request.
open class VNRequest: VNRequestResults {
    public let completionHandler: VNRequestCompletionHandler?
    /// The algorithm revision the request runs: each request type has one revision here.
    public var revision: Int
    /// Ignored: analysis runs on the CPU, on the performing thread.
    public var preferBackgroundProcessing = false
    /// Ignored: analysis runs on the CPU.
    public var usesCPUOnly = true
    /// Set by ``cancel()``; the next perform stops with ``VNError/Code/requestCancelled``.
    private let lock = NSLock()
    private var cancelled = false

    open class var supportedRevisions: IndexSet { IndexSet(integer: 1) }
    open class var defaultRevision: Int { 1 }
    open class var currentRevision: Int { 1 }

    public init(completionHandler: VNRequestCompletionHandler? = nil) {
        self.completionHandler = completionHandler
        revision = Self.defaultRevision
    }

    open var observations: [VNObservation]? { nil }

    /// Stops the request: a perform under way on another thread, or the next one, ends with
    /// ``VNError/Code/requestCancelled``, and the request's state is dropped, as Vision drops it.
    public func cancel() { lock.withLock { cancelled = true } }

    /// Whether ``cancel()`` was called since this was last asked; asking clears it.
    func takeCancellation() -> Bool {
        lock.withLock {
            defer { cancelled = false }
            return cancelled
        }
    }

    /// Runs the request on one frame; each request type overrides it.
    func perform(on frame: VideoFrameInput) throws {
        throw VNError(.unsupportedRequest, "\(type(of: self)) cannot be performed by this library")
    }
}

/// Vision's `VNImageBasedRequest`: a request that looks at part of the picture.
open class VNImageBasedRequest: VNRequest {
    /// Where to look, normalized to the picture as seen, origin lower-left; the whole picture
    /// by default. Read at every perform. Points come back normalized to this region.
    public var regionOfInterest = CGRect(x: 0, y: 0, width: 1, height: 1)
}

/// Vision's `VNStatefulRequest`: a request that carries state from one frame to the next, in
/// the request itself, so one request serves a whole sequence whichever handler performs it.
open class VNStatefulRequest: VNImageBasedRequest {
    /// Frames closer than this to the last analysed one are skipped (`.zero`: none).
    public let frameAnalysisSpacing: CMTime
    /// Frames analysed before the first result may appear: none here, results come as soon as
    /// a trajectory has its points.
    public var minimumLatencyFrameCount: Int { 0 }
    public let requestUUID = UUID()

    public init(frameAnalysisSpacing: CMTime, completionHandler: VNRequestCompletionHandler? = nil) {
        self.frameAnalysisSpacing = frameAnalysisSpacing
        super.init(completionHandler: completionHandler)
    }
}

/// A frame as a handler hands it to a request: the picture, how it is turned and mirrored.
struct VideoFrameInput {
    var frame: CMSampleBuffer
    var orientation: CGImagePropertyOrientation
}
