import Foundation
import Testing

@Suite("Help, version and shell completion")
struct HelpAndCompletionTests {
    @Test func helpGivesAnExampleForEachCommonTask() throws {
        let root = String(decoding: try BalltraceRun(["--help"]).standardOutput, as: UTF8.self)
        for example in ["balltrace probe swing.mp4", "--json swing.json --video swing.traced.mp4", "--tracer swing.png",
                        "--out-dir results --render --jobs 2", "balltrace analyze - --json -", "--stream", "balltrace schema",
                        "--generate-completion-script"] {
            #expect(root.contains(example), "'\(example)' missing from balltrace --help")
        }
        #expect(root.contains("balltrace shots range.mp4 --out-dir range-shots"), "balltrace shots missing from balltrace --help")
        let shots = String(decoding: try BalltraceRun(["shots", "--help"]).standardOutput, as: UTF8.self)
        for flag in ["--out-dir", "--pre-roll", "--post-roll", "--quiet", "--min-radius", "--ball", "DIR/<session file name", "--jobs", "--progress"] {
            #expect(shots.contains(flag), "\(flag) missing from balltrace shots --help")
        }
        let analyze = String(decoding: try BalltraceRun(["analyze", "--help"]).standardOutput, as: UTF8.self)
        for flag in ["--out-dir", "--render", "--jobs", "--force", "--stream", "--progress", "--quiet", "--verbose", "--tracer"] {
            #expect(analyze.contains(flag), "\(flag) missing from balltrace analyze --help")
        }
    }

    @Test func versionIsPrinted() throws {
        let run = try BalltraceRun(["--version"])
        #expect(run.status == 0)
        let version = String(decoding: run.standardOutput, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil }, "'\(version)'")
    }

    @Test func bashCompletesSubcommandsAndFlags() throws {
        let script = GeneratedClips.temporaryPath("balltrace.bash")
        try BalltraceRun(["--generate-completion-script", "bash"]).standardOutput.write(to: URL(fileURLWithPath: script))
        func complete(_ words: [String]) throws -> [String] {
            let bash = Process()
            bash.executableURL = URL(fileURLWithPath: "/bin/bash")
            let line = words.joined(separator: " ")
            bash.arguments = ["-c", """
                source '\(script)'
                COMP_WORDS=(\(words.map { "'\($0)'" }.joined(separator: " "))); COMP_CWORD=\(words.count - 1)
                COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
                _balltrace balltrace '\(words.last!)' '\(words[words.count - 2])'
                printf '%s\\n' "${COMPREPLY[@]}"
                """]
            let out = Pipe()
            bash.standardOutput = out
            bash.standardError = FileHandle.nullDevice
            try bash.run()
            let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            bash.waitUntilExit()
            return text.split(separator: "\n").map(String.init)
        }
        #expect(try complete(["balltrace", "pr"]).contains("probe"))
        #expect(try complete(["balltrace", "analyze", "x.mp4", "--out"]) == ["--out-dir"])
        #expect(try complete(["balltrace", "analyze", "x.mp4", "--coordinates", ""]).sorted() == ["top-left", "vision"])
    }
}
