// What fixtures/fixes/EffectFixes.swift uses but does not declare.
import ComposableArchitecture

struct Lap: Equatable {
  var id: UUID
  var at: Date
}

struct NamesClient {
  func all() async -> [String] { [] }
}

struct Sorter {
  func sort(_ names: [String], by areInIncreasingOrder: (String, String) async throws -> Bool) async -> [String] { names }
}

extension Stopwatch {
  var names: NamesClient { NamesClient() }
  var sorter: Sorter { Sorter() }
  func compare(_ a: String, _ b: String) async throws -> Bool { a < b }
}
