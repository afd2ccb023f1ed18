// English short names for the ISO 3166-1 alpha-3 codes of the artist map; a code not listed here is
// shown as the code itself.
public enum CountryNames {
  public static func name(of code: String) -> String { names[code.uppercased()] ?? code }

  static let names: [String: String] = [
    "ARG": "Argentina", "AUS": "Australia", "AUT": "Austria", "BEL": "Belgium", "BRA": "Brazil", "BGR": "Bulgaria",
    "CAN": "Canada", "CHE": "Switzerland", "CHL": "Chile", "CHN": "China", "COL": "Colombia", "CUB": "Cuba",
    "CZE": "Czechia", "DEU": "Germany", "DNK": "Denmark", "EGY": "Egypt", "ESP": "Spain", "EST": "Estonia",
    "ETH": "Ethiopia", "FIN": "Finland", "FRA": "France", "GBR": "United Kingdom", "GHA": "Ghana", "GRC": "Greece",
    "HKG": "Hong Kong", "HRV": "Croatia", "HUN": "Hungary", "IDN": "Indonesia", "IND": "India", "IRL": "Ireland",
    "IRN": "Iran", "ISL": "Iceland", "ISR": "Israel", "ITA": "Italy", "JAM": "Jamaica", "JPN": "Japan",
    "KOR": "South Korea", "LTU": "Lithuania", "LVA": "Latvia", "MAR": "Morocco", "MEX": "Mexico", "MLI": "Mali",
    "NGA": "Nigeria", "NLD": "Netherlands", "NOR": "Norway", "NZL": "New Zealand", "PER": "Peru", "PHL": "Philippines",
    "POL": "Poland", "PRT": "Portugal", "ROU": "Romania", "RUS": "Russia", "SEN": "Senegal", "SRB": "Serbia",
    "SVK": "Slovakia", "SVN": "Slovenia", "SWE": "Sweden", "THA": "Thailand", "TUR": "Türkiye", "TWN": "Taiwan",
    "UKR": "Ukraine", "URY": "Uruguay", "USA": "United States", "VEN": "Venezuela", "VNM": "Vietnam",
    "ZAF": "South Africa", "XW": "Worldwide", "XE": "Europe",
  ]
}
