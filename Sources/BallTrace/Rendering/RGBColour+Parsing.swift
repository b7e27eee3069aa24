import FoundationEssentials

extension RGBColour {
    /// The colour names `--tracer-color` takes, with their colours.
    package static let named: KeyValuePairs<String, RGBColour> = [
        "red": RGBColour(red: 235, green: 30, blue: 30),
        "orange": RGBColour(red: 255, green: 140, blue: 0),
        "yellow": RGBColour(red: 255, green: 220, blue: 0),
        "green": RGBColour(red: 40, green: 220, blue: 60),
        "cyan": RGBColour(red: 0, green: 220, blue: 255),
        "blue": RGBColour(red: 40, green: 110, blue: 255),
        "magenta": RGBColour(red: 240, green: 40, blue: 200),
        "white": RGBColour(red: 255, green: 255, blue: 255),
        "black": RGBColour(red: 0, green: 0, blue: 0),
    ]

    /// A colour name (`red`, `orange`…, any case) or `#RRGGBB`; nil for anything else.
    package init?(parsing text: String) {
        let text = text.trimmingWhitespace().lowercased()
        if let colour = Self.named.first(where: { $0.key == text })?.value {
            self = colour
            return
        }
        let hex = text.utf8.dropFirst()
        guard text.hasPrefix("#"), hex.count == 6, hex.allSatisfy({ UInt8(ascii: "0")...UInt8(ascii: "9") ~= $0 || UInt8(ascii: "a")...UInt8(ascii: "f") ~= $0 }),
              let value = UInt32(String(decoding: hex, as: UTF8.self), radix: 16) else {
            return nil
        }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }
}
