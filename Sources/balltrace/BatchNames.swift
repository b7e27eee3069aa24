import FoundationEssentials

/// How a batch names each clip's outputs: `DIR/<name>.json` and `DIR/<name>.traced.mp4`, the
/// name being the input's file name without its extension.
enum BatchNames {
    static func stem(_ input: String) -> String {
        URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent
    }

    static func document(_ input: String, in folder: String) -> String { "\(folder)/\(stem(input)).json" }
    static func video(_ input: String, in folder: String) -> String { "\(folder)/\(stem(input)).traced.mp4" }

    /// The first two inputs whose outputs would have the same name (`a.mp4` and `a.mov`).
    static func firstClash(_ inputs: [String]) -> (String, String)? {
        var seen: [String: String] = [:]
        for input in inputs {
            if let other = seen[stem(input)], !samePath(other, input) { return (other, input) }
            seen[stem(input)] = input
        }
        return nil
    }
}
