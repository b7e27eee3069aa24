import FoundationEssentials

/// Encodes `Encodable` values as pretty-printed JSON with object keys in the order the type
/// encodes them (declaration order for synthesized conformances). Foundation's encoder on Linux
/// orders keys arbitrarily or alphabetically; a document whose `schemaVersion` comes first and
/// whose field order never changes is easier to read and to diff.
struct OrderedJSONEncoder {
    /// One line without spaces (a JSON Lines record) rather than indented.
    var compact: Bool

    init(compact: Bool = false) { self.compact = compact }

    /// The JSON text, ending in a newline.
    func encode<T: Encodable>(_ value: T) throws -> Data {
        let root = JSONNode.Box()
        try value.encode(to: NodeEncoder(box: root, codingPath: []))
        var text = ""
        root.node.write(into: &text, indent: compact ? nil : 0)
        text.append("\n")
        return Data(text.utf8)
    }
}

/// A JSON value under construction. Objects keep their keys in insertion order.
indirect enum JSONNode {
    case null, bool(Bool), number(String), string(String)
    case array([Box]), object([(String, Box)])

    /// A slot a container fills in later (containers are handed out before they are filled).
    final class Box {
        var node: JSONNode = .null
        init() {}
        init(_ node: JSONNode) { self.node = node }
    }

    /// Writes the value indented `indent` levels, or on one line without spaces when nil.
    func write(into out: inout String, indent: Int?) {
        let pad = indent.map { "\n" + String(repeating: "  ", count: $0 + 1) } ?? ""
        let close = indent.map { "\n" + String(repeating: "  ", count: $0) } ?? ""
        let next = indent.map { $0 + 1 }
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(n): out += n
        case let .string(s): JSONNode.quote(s, into: &out)
        case let .array(items):
            guard !items.isEmpty else { out += "[]"; return }
            // Short arrays of numbers stay on one line: coefficients, not walls of digits.
            if indent != nil, items.count <= 4,
               items.allSatisfy({ if case .number = $0.node { return true } else { return false } }) {
                out += "[" + items.map { if case let .number(n) = $0.node { return n } else { return "" } }.joined(separator: ", ") + "]"
                return
            }
            out += "["
            for (i, item) in items.enumerated() {
                out += (i > 0 ? "," : "") + pad
                item.node.write(into: &out, indent: next)
            }
            out += close + "]"
        case let .object(members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{"
            for (i, (key, value)) in members.enumerated() {
                out += (i > 0 ? "," : "") + pad
                JSONNode.quote(key, into: &out)
                out += indent == nil ? ":" : ": "
                value.node.write(into: &out, indent: next)
            }
            out += close + "}"
        }
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20: out += String(printf: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    static func number(_ value: Double) throws -> JSONNode {
        guard value.isFinite else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)"))
        }
        if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
        return .number("\(value)")
    }
}

private struct NodeEncoder: Encoder {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = box.node {} else { box.node = .object([]) }
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = box.node {} else { box.node = .array([]) }
        return UnkeyedNodeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleNodeContainer(box: box, codingPath: codingPath) }
}

/// Encodes one value into a box: leaves directly, everything else through its own encode(to:).
private func encodeValue<T: Encodable>(_ value: T, into box: JSONNode.Box, codingPath: [any CodingKey]) throws {
    switch value {
    case let v as Double: box.node = try .number(v)
    case let v as Float: box.node = try .number(Double(v))
    case let v as Int: box.node = .number(String(v))
    case let v as Int64: box.node = .number(String(v))
    case let v as Int32: box.node = .number(String(v))
    case let v as UInt64: box.node = .number(String(v))
    case let v as UInt8: box.node = .number(String(v))
    case let v as Bool: box.node = .bool(v)
    case let v as String: box.node = .string(v)
    case let v as UUID: box.node = .string(v.uuidString)
    default: try value.encode(to: NodeEncoder(box: box, codingPath: codingPath))
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]

    private func slot(_ key: Key) -> JSONNode.Box {
        guard case var .object(members) = box.node else { return JSONNode.Box() }
        if let existing = members.first(where: { $0.0 == key.stringValue }) { return existing.1 }
        let child = JSONNode.Box()
        members.append((key.stringValue, child))
        box.node = .object(members)
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { slot(key).node = .null }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: slot(key), codingPath: codingPath + [key])
    }
    /// Optionals that are nil are left out, as Foundation's encoder does.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(box: slot(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        NodeEncoder(box: slot(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(box: box, codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(box: slot(key), codingPath: codingPath + [key]) }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]
    var count: Int { if case let .array(items) = box.node { return items.count } else { return 0 } }

    private func append() -> JSONNode.Box {
        guard case var .array(items) = box.node else { return JSONNode.Box() }
        let child = JSONNode.Box()
        items.append(child)
        box.node = .array(items)
        return child
    }

    mutating func encodeNil() throws { append().node = .null }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: append(), codingPath: codingPath + [IndexKey(count)])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        NodeEncoder(box: append(), codingPath: codingPath).container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeEncoder(box: append(), codingPath: codingPath).unkeyedContainer()
    }
    mutating func superEncoder() -> any Encoder { NodeEncoder(box: append(), codingPath: codingPath) }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let box: JSONNode.Box
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { box.node = .null }
    mutating func encode<T: Encodable>(_ value: T) throws { try encodeValue(value, into: box, codingPath: codingPath) }
}
