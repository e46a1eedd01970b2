# Homebrew formula, kept in tca-lint's own repository (a tap of its own):
#   brew tap tca-lint/tca-lint https://github.com/tca-lint/tca-lint
#   brew install tca-lint          # the release tagged below
#   brew install --HEAD tca-lint   # the main branch
# The tag must be the version in Sources/TCALint/Reporters/Reporter.swift (a test checks it);
# scripts/release creates that tag.
class TcaLint < Formula
  desc "Static analyzer for reducers of The Composable Architecture"
  homepage "https://github.com/tca-lint/tca-lint"
  url "https://github.com/tca-lint/tca-lint.git", tag: "0.1.0"
  head "https://github.com/tca-lint/tca-lint.git", branch: "main"

  on_macos do
    # Swift 6.0, the declared minimum (Package.swift's tools version); Xcode 16 runs on macOS 14.5 or later.
    depends_on xcode: ["16.0", :build]
    depends_on macos: :sonoma
  end
  uses_from_macos "swift" => :build

  def install
    # Homebrew builds inside its own sandbox, in which SwiftPM's sandbox cannot start.
    system "make", "install", "PREFIX=#{prefix}", "SWIFT_BUILD_FLAGS=--disable-sandbox"
  end

  test do
    assert_match(/\A\d+\.\d+\.\d+\n\z/, shell_output("#{bin}/tca-lint --version"))
    (testpath/"Feature.swift").write <<~SWIFT
      struct Feature: Reducer {
        var body: some ReducerOf<Self> {
          Reduce { state, action in .none }._printChanges()
        }
      }
    SWIFT
    # A warning only: exit status 0.
    assert_match "(leftover_print_changes)", shell_output("#{bin}/tca-lint lint Feature.swift")
  end
end
