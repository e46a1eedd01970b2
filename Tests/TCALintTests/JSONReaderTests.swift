import Foundation
import XCTest
@testable import TCALint

/// `JSONReader` replaced `JSONSerialization` (Foundation proper, which tca-lint no longer links on Linux): it must read
/// what Foundation read and refuse what it refused. Foundation's parser is the oracle here.
final class JSONReaderTests: XCTestCase {
    /// Documents as a `Package.resolved`, a baseline and a language client write them, and the odd corners of JSON.
    private static let documents: [String] = [
        #"{"pins":[{"identity":"swift-composable-architecture","kind":"remoteSourceControl","location":"https://github.com/pointfreeco/swift-composable-architecture","state":{"revision":"a1b2","version":"1.15.0"}}],"version":2}"#,
        #"{"object":{"pins":[{"package":"swift-composable-architecture","repositoryURL":"https://github.com/pointfreeco/swift-composable-architecture","state":{"branch":null,"revision":"c0ffee","version":"0.52.0"}}]},"version":1}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"capabilities":{"textDocument":{"diagnostic":{"dynamicRegistration":true}}},"processId":null,"rootUri":"file:///tmp/a%20b"}}"#,
        #"{"id":"abc","n":-0.5,"e":1e3,"E":2.5E-3,"big":12345678901234567890,"neg":-42,"zero":0,"t":true,"f":false,"z":null}"#,
        #"  [ 1 , [ ] , { } , "" , [ [ [ "deep" ] ] ] ]  "#,
        #""escapes: \" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u4e2d \ud83d\ude00 ünïcödé 🙂""#,
        "3",
        "null",
    ]

    func testReadsWhatFoundationReads() throws {
        for text in Self.documents {
            let ours = try JSONReader.parse(text)
            let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            XCTAssertEqual(Self.canonical(ours), Self.canonical(foundation), text)
        }
    }

    func testRefusesWhatFoundationRefuses() {
        let broken = [
            "", "{", "{'a':1}", "[01]", "[1.]", "[.5]", "[+1]", "[1e]", "tru", "nul", "[1] x",
            "\"unterminated", "\"bad \\x escape\"", "\"\\u12\"", "\"\\ud83d alone\"", "\"\\ude00 low first\"",
            "\"raw \n newline\"", "{\"a\" 1}", "[1 2]", "[NaN]", "[Infinity]", "{\"a\":1}}",
        ]
        for text in broken {
            XCTAssertThrowsError(try JSONReader.parse(text), text)
            #if os(Linux)  // the Foundation tca-lint replaced there; Apple's differs in corners RFC 8259 leaves open
            XCTAssertThrowsError(try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
                                 "Foundation accepts \(text) too: the case tests nothing")
            #endif
        }
        // Trailing commas: Foundation on Linux takes them, Apple's and RFC 8259 do not; refused on every platform.
        XCTAssertThrowsError(try JSONReader.parse("[1,]"))
        XCTAssertThrowsError(try JSONReader.parse(#"{"a":1,}"#))
    }

    func testNumbersWithoutFractionAreIntegers() throws {
        let object = try XCTUnwrap(try JSONReader.parse(#"{"a":3,"b":3.0,"c":-7,"d":1e2,"e":99999999999999999999}"#) as? [String: Any])
        XCTAssertEqual(object["a"] as? Int, 3)
        XCTAssertEqual(object["b"] as? Double, 3.0)
        XCTAssertNil(object["b"] as? Int)
        XCTAssertEqual(object["c"] as? Int, -7)
        XCTAssertEqual(object["d"] as? Double, 100)
        XCTAssertEqual(object["e"] as? Double, 1e20)  // too large for Int: a Double, as JSON allows
        XCTAssertEqual(object.int("b"), 3)  // the LSP's integer field takes a whole Double
        XCTAssertNil(object.int("e"))
    }

    func testNestingLimitMatchesFoundation() throws {
        let inside = String(repeating: "[", count: JSONReader.maximumDepth) + String(repeating: "]", count: JSONReader.maximumDepth)
        XCTAssertNoThrow(try JSONReader.parse(inside))
        let beyond = "[" + inside + "]"
        XCTAssertThrowsError(try JSONReader.parse(beyond)) { error in
            XCTAssertEqual((error as? JSONReader.Failure)?.reason, "nested too deeply")
        }
        // Hostile depth is refused without exhausting the stack.
        XCTAssertThrowsError(try JSONReader.parse(String(repeating: "{\"a\":", count: 100_000)))
    }

    func testFailureSaysWhere() {
        XCTAssertThrowsError(try JSONReader.parse("[1, 2, x]")) { error in
            XCTAssertEqual(error as? JSONReader.Failure, JSONReader.Failure(offset: 7, reason: "unexpected character"))
        }
    }

    func testSerializedIsCompactSortedAndReadBack() throws {
        let value: [String: Any] = [
            "jsonrpc": "2.0", "id": 12, "result": JSONNull(),
            "params": ["z": [1, 2.5, true, "a/b \"q\" \n é 🙂"] as [Any], "a": ["nested": false] as [String: Any], "whole": 4.0,
                       "small": UInt32(9)] as [String: Any],
        ]
        let bytes = try XCTUnwrap(JSONReader.serialized(value))
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self),
                       #"{"id":12,"jsonrpc":"2.0","params":{"a":{"nested":false},"small":9,"whole":4,"z":[1,2.5,true,"a/b \"q\" \n é 🙂"]},"result":null}"#)
        let foundation = try JSONSerialization.jsonObject(with: Data(bytes))
        XCTAssertEqual(Self.canonical(foundation), Self.canonical(try JSONReader.parse(bytes)))
    }

    func testSerializedRefusesWhatIsNotJSON() {
        XCTAssertNil(JSONReader.serialized(["a": Double.nan]))
        XCTAssertNil(JSONReader.serialized(["a": Double.infinity]))
        XCTAssertNil(JSONReader.serialized(["a": Date()]))
        XCTAssertNil(JSONReader.serialized([["ok": 1], URL(fileURLWithPath: "/")] as [Any]))
        // The language server answers a programming error with an internal error instead of nothing.
        XCTAssertEqual(String(decoding: LSPJSON.serialize(["id": 1, "x": Double.nan]), as: UTF8.self),
                       #"{"error":{"code":-32603,"message":"internal error: reply is not JSON"},"id":null,"jsonrpc":"2.0"}"#)
    }

    func testBlanksTrimmedAsFoundationTrimmedThem() {
        for text in ["  a b  ", "\ta\t", "\u{00A0}x\u{3000}", "\nkeep newlines\n", "\u{000C}form feed", "", "   ", "é ", " 🙂"] {
            XCTAssertEqual(text.trimmingBlanks(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
        }
    }

    func testTimingLogMillisecondsAsPrintfWroteThem() {
        for ns: UInt64 in [0, 4_999, 5_000, 1_234_567, 1_235_000, 99_995_000, 12_345_678_901] {
            XCTAssertEqual(LanguageServer.milliseconds(ns), String(format: "%.2f", Double(ns) / 1e6), "\(ns)")
        }
    }

    /// A value in one spelling whatever parser made it: numbers as their `Double`, booleans apart from numbers,
    /// objects with sorted keys.
    private static func canonical(_ value: Any) -> String {
        // Native values (ours) by their exact type first: Foundation's numbers bridge to every numeric type.
        if type(of: value) == Bool.self { return (value as! Bool) ? "true" : "false" }
        if type(of: value) == Int.self { return "n:\(Double(value as! Int))" }
        if type(of: value) == Double.self { return "n:\(value as! Double)" }
        switch value {
        case let s as String: return "s:" + s.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: ",")
        case is NSNull, is JSONNull: return "null"
        case let n as NSNumber where String(cString: n.objCType) == "c": return n.boolValue ? "true" : "false"
        case let n as NSNumber: return "n:\(n.doubleValue)"
        case let a as [Any]: return "[" + a.map(canonical).joined(separator: ",") + "]"
        case let o as [String: Any]: return "{" + o.keys.sorted().map { $0 + "=" + canonical(o[$0]!) }.joined(separator: ",") + "}"
        default: return "?\(type(of: value))"
        }
    }
}
