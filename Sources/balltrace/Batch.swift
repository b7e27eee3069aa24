import ArgumentParser
import BallTrace
import Dispatch
import FoundationEssentials
import Logging

/// Several clips into one folder, `jobs` at a time. Each clip is independent: one that fails
/// is reported and the others go on; a clip whose results are already there and newer than
/// it is skipped unless forced. A table of every clip's outcome ends the run.
struct Batch {
    enum Outcome {
        case analysed(trajectories: Int, seconds: Double)
        case skipped(trajectories: Int)
        case failed(message: String, status: Int32)
        case interrupted
        case notStarted
    }

    let inputs: [String]
    let folder: String
    let render: Bool
    let jobs: Int
    let force: Bool
    let settings: AnalysisSettings
    let encoding: VideoEncoding
    let drawing: OverlayDrawing
    let quiet: Bool
    let console: Console
    let logger: Logger
    let cancellation: Cancellation

    /// Runs every clip; returns the exit status: 0 when every clip was analysed or skipped,
    /// else the status of the first that failed.
    func run() -> Int32 {
        do {
            try AtomicFile.createFolder(folder)
            try AtomicFile.checkWritableFolder(for: "\(folder)/.balltrace-probe")
        } catch {
            return fail(error).rawValue
        }
        // The same file named twice is analysed once.
        var distinct: [String] = []
        for input in inputs where !distinct.contains(where: { samePath($0, input) }) { distinct.append(input) }
        let unique = distinct

        let state = BatchState(count: unique.count)
        state.work(jobs: jobs) { index in
            let outcome = cancellation.isCancelled ? Outcome.interrupted : analyse(unique[index], state: state)
            state.finish(index, unique[index], outcome)
            showProgress(state, news: true)
        }
        console.clearStatus()
        let outcomes = state.outcomes
        if !quiet { print(Self.table(unique, outcomes), terminator: "") }
        for outcome in outcomes { if case let .failed(_, status) = outcome { return status } }
        return 0
    }

    private func analyse(_ input: String, state: BatchState) -> Outcome {
        let name = URL(fileURLWithPath: input).lastPathComponent
        let document = BatchNames.document(input, in: folder)
        let video = render ? BatchNames.video(input, in: folder) : nil
        if !force, let existing = upToDate(input: input, outputs: [document] + (video.map { [$0] } ?? [])) {
            return .skipped(trajectories: existing)
        }
        var clipLogger = logger
        clipLogger[metadataKey: "clip"] = "\(name)"
        let started = Date()
        do {
            let result = try VideoAnalysis.run(
                path: input, settings: settings, overlay: video.map { OverlayVideoRequest(path: $0, encoding: encoding, drawing: drawing) },
                cancellation: cancellation, logger: clipLogger,
                progress: { showProgress(state, news: state.progress(input, $0)) })
            try AtomicFile.write(try AnalysisDocument(result: result).jsonData(), to: document)
            if !quiet { for warning in result.warnings { console.line("warning: \(name): \(warning)") } }
            return .analysed(trajectories: result.trajectories.count, seconds: Date().timeIntervalSince(started))
        } catch is AnalysisCancelled {
            return .interrupted
        } catch {
            let text = "\(error)".replacing("\n", with: " ")
            let message = text.contains(name) ? text : "\(name): \(text)"
            console.line("Error: \(message)")
            return .failed(message: "\(error)", status: ExitStatus.code(for: error))
        }
    }

    /// The number of trajectories in the results already there, when they are all newer than
    /// the clip and were made with the same settings; nil when the clip must be analysed.
    private func upToDate(input: String, outputs: [String]) -> Int? {
        let files = FileManager.default
        guard let clipDate = (try? files.attributesOfItem(atPath: input))?[.modificationDate] as? Date else { return nil }
        for output in outputs {
            guard let date = (try? files.attributesOfItem(atPath: output))?[.modificationDate] as? Date, date >= clipDate else { return nil }
        }
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: outputs[0])),
              let document = try? JSONDecoder().decode(AnalysisDocument.self, from: data),
              document.wasMade(with: settings) else { return nil }
        return document.trajectories.count
    }

    private func showProgress(_ state: BatchState, news: Bool = false) {
        guard console.progressMode != .off else { return }
        console.status(state.statusText(), news: news)
    }

    private func fail(_ error: MediaError) -> ExitCode {
        writeStandardError("Error: \(error)\n")
        return ExitCode(ExitStatus.code(for: error))
    }

    /// One row per clip: what happened, how many trajectories, how long it took.
    static func table(_ inputs: [String], _ outcomes: [Outcome]) -> String {
        let width = max(5, inputs.map(\.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func left(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        var text = pad("input", width) + "  result       trajectories  seconds  note\n"
        var counts: [String: Int] = [:]
        for (input, outcome) in zip(inputs, outcomes) {
            let (result, trajectories, seconds, note): (String, String, String, String)
            switch outcome {
            case let .analysed(n, s): (result, trajectories, seconds, note) = ("analysed", "\(n)", String(printf: "%.2f", s), "")
            case let .skipped(n): (result, trajectories, seconds, note) = ("skipped", "\(n)", "–", "up to date (--force to analyse again)")
            case let .failed(message, _): (result, trajectories, seconds, note) = ("failed", "–", "–", message)
            case .interrupted: (result, trajectories, seconds, note) = ("interrupted", "–", "–", "")
            case .notStarted: (result, trajectories, seconds, note) = ("not started", "–", "–", "")
            }
            counts[result, default: 0] += 1
            text += pad(input, width) + "  " + pad(result, 11) + "  " + left(trajectories, 12) + "  " + left(seconds, 7)
                + (note.isEmpty ? "" : "  " + note) + "\n"
        }
        let order = ["analysed", "skipped", "failed", "interrupted", "not started"]
        text += "\(inputs.count) clip\(inputs.count == 1 ? "" : "s"): "
            + order.compactMap { key in counts[key].map { "\($0) \(key)" } }.joined(separator: ", ") + "\n"
        return text
    }
}

/// What the workers share: the next clip to take, each clip's progress and outcome.
final class BatchState: @unchecked Sendable {
    private let lock = ConditionLock()
    private var nextIndex = 0
    private var results: [Batch.Outcome]
    private var running: [String: AnalysisProgress] = [:]
    private var finished = 0

    init(count: Int) { results = Array(repeating: .notStarted, count: count) }

    /// Calls `body` with every index, on `jobs` workers at most, each taking the next index
    /// as it finishes one; returns when all are done.
    func work(jobs: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for _ in 0..<min(jobs, results.count) {
            group.enter()
            // Decoding ahead, analysis and encoding each take a thread of their own.
            detachThread(named: "balltrace.batch", stackSize: 4 << 20) { [self] in
                while let index = next() { body(index) }
                group.leave()
            }
        }
        group.wait()
    }

    func next() -> Int? {
        lock.withLock {
            guard nextIndex < results.count else { return nil }
            defer { nextIndex += 1 }
            return nextIndex
        }
    }

    /// Records a clip's progress; true for its first (the clip started).
    @discardableResult
    func progress(_ input: String, _ progress: AnalysisProgress) -> Bool {
        lock.withLock { running.updateValue(progress, forKey: input) == nil }
    }

    func finish(_ index: Int, _ input: String, _ outcome: Batch.Outcome) {
        lock.withLock {
            results[index] = outcome
            running[input] = nil
            finished += 1
        }
    }

    var outcomes: [Batch.Outcome] { lock.withLock { results } }

    /// `2/5 done  a.mp4 42 %  b.mp4 7 %`
    func statusText() -> String {
        lock.withLock {
            var text = "\(finished)/\(results.count) done"
            for (input, p) in running.sorted(by: { $0.key < $1.key }) {
                let name = URL(fileURLWithPath: input).lastPathComponent
                text += "  " + name + (p.fraction.map { String(printf: " %.0f %%", $0 * 100) } ?? String(printf: " %.1f s", p.time))
            }
            return text
        }
    }
}
