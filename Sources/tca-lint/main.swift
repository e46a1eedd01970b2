import TCALint
print("tca-lint")
