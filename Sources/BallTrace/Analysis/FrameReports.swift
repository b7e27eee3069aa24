/// Hands each analysed frame, as Vision reports it, to the caller's callback
/// (`frameAnalysed` of ``VideoAnalysis``); an error it throws stops the analysis.
final class FrameReports: AnalysisSink {
    private let callback: (AnalysedFrame) throws -> Void

    init(_ callback: @escaping (AnalysedFrame) throws -> Void) { self.callback = callback }

    var needs: SinkNeeds { .reports }

    func take(_ frame: SessionFrame) throws {
        if let report = frame.report { try callback(report) }
    }
}
