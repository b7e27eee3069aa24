import BallTrace
import Foundation
import Testing

/// The scale-out scripts, run here with local workers standing in for hosts and array tasks.
@Suite("Scaling out: GNU parallel, and one task per listed clip")
struct ScaleOutTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/scale-out").path
    static let balltrace = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("balltrace").path

    /// A list of three clips, one of which is not a video, with a comment and a blank line.
    func clipList() throws -> (list: String, clips: [String]) {
        let folder = GeneratedClips.temporaryPath("archive")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let clips = ["\(folder)/monday.mp4", "\(folder)/broken.mp4", "\(folder)/tuesday.mp4"]
        try FileManager.default.copyItem(atPath: GeneratedClips.golfDrive.path, toPath: clips[0])
        try Data("not a video".utf8).write(to: URL(fileURLWithPath: clips[1]))
        try FileManager.default.copyItem(atPath: GeneratedClips.irregularDrive.path, toPath: clips[2])
        let list = "\(folder)/clips.txt"
        try ("# the club's archive\n" + clips[0] + "\n\n" + clips[1] + "\n" + clips[2] + "\n").write(toFile: list, atomically: true, encoding: .utf8)
        return (list, clips)
    }

    /// Starts a script; `wait` on the result gives its status and standard error.
    func start(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["\(Self.scripts)/\(script)"] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["BALLTRACE": Self.balltrace]) { $1 }.merging(environment) { $1 }
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return (process, err)
    }

    func wait(_ started: (Process, Pipe)) -> (status: Int32, errors: String) {
        let errors = String(decoding: started.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        started.0.waitUntilExit()
        return (started.0.terminationStatus, errors)
    }

    func run(_ script: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, errors: String) {
        wait(try start(script, arguments, environment: environment))
    }

    @Test func gnuParallelAnalysesTheListOnSeveralWorkersAndLogsEachClip() throws {
        let (list, _) = try clipList()
        let out = GeneratedClips.temporaryPath("parallel-results")
        // Two local workers with two slots each, as `--sshlogin` would name two hosts.
        let result = try run("parallel.sh", [list, out, "--render"], environment: ["SSHLOGINS": "2/:,2/:"])
        #expect(result.status == 1, "one clip failed: \(result.errors)")
        let made = Set(try FileManager.default.contentsOfDirectory(atPath: out))
        #expect(made == ["monday.json", "monday.traced.mp4", "tuesday.json", "tuesday.traced.mp4", "joblog.tsv"])
        // GNU parallel's job log: one row per clip with its exit status.
        let rows = try String(contentsOfFile: "\(out)/joblog.tsv", encoding: .utf8).split(separator: "\n").dropFirst()
        let statuses = rows.map { $0.split(separator: "\t")[6] }.sorted()
        #expect(statuses == ["0", "0", "66"], "\(rows)")
        // Run again: every clip already analysed is skipped, the broken one fails again.
        let again = try run("parallel.sh", [list, out, "--render"], environment: ["SSHLOGINS": "2/:"])
        #expect(again.status == 1)
    }

    @Test func eachArrayTaskAnalysesTheClipAtItsIndex() throws {
        let (list, _) = try clipList()
        let out = GeneratedClips.temporaryPath("array-results")
        // The tasks of a Kubernetes indexed Job or a Slurm array, all at once.
        let tasks = try (0..<3).map { try start("analyze-listed.sh", [list, "\($0)", out]) }
        #expect(tasks.map { wait($0).status } == [0, 66, 0])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: out)) == ["monday.json", "tuesday.json"])
        let beyond = try run("analyze-listed.sh", [list, "3", out])
        #expect(beyond.status == 64 && beyond.errors.contains("no clip at index 3 (it lists 3)"))
    }

    @Test func theKubernetesJobAndTheSlurmArrayRunTheListedClipTask() throws {
        let job = try String(contentsOfFile: "\(Self.scripts)/kubernetes-job.yaml", encoding: .utf8)
        #expect(job.contains("completionMode: Indexed") && job.contains("analyze-listed.sh") && job.contains("$(JOB_COMPLETION_INDEX)"))
        let array = try String(contentsOfFile: "\(Self.scripts)/slurm-array.sbatch", encoding: .utf8)
        #expect(array.contains("analyze-listed.sh") && array.contains("$SLURM_ARRAY_TASK_ID"))
        // The array script, run as Slurm would run task 2.
        let (list, _) = try clipList()
        let out = GeneratedClips.temporaryPath("slurm-results")
        let root = URL(fileURLWithPath: Self.scripts).deletingLastPathComponent().deletingLastPathComponent().path
        let task = try run("slurm-array.sbatch", [list, out], environment: ["SLURM_ARRAY_TASK_ID": "2", "SLURM_SUBMIT_DIR": root])
        #expect(task.status == 0, "\(task.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == ["tuesday.json"])
    }
}
