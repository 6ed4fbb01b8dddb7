/** The 22 public run regions of the hosted service (api-notes §3.6): code and display name. */
export const REGIONS = [
  { region: "us-east-1", name: "N. Virginia" },
  { region: "us-east-2", name: "Ohio" },
  { region: "us-west-1", name: "N. California" },
  { region: "us-west-2", name: "Oregon" },
  { region: "ca-central-1", name: "Montreal" },
  { region: "sa-east-1", name: "São Paulo" },
  { region: "eu-west-1", name: "Ireland" },
  { region: "eu-central-1", name: "Frankfurt" },
  { region: "eu-west-2", name: "London" },
  { region: "eu-west-3", name: "Paris" },
  { region: "eu-north-1", name: "Stockholm" },
  { region: "eu-south-1", name: "Milan" },
  { region: "me-south-1", name: "Bahrain" },
  { region: "af-south-1", name: "Cape Town" },
  { region: "ap-southeast-1", name: "Singapore" },
  { region: "ap-northeast-1", name: "Tokyo" },
  { region: "ap-northeast-3", name: "Osaka" },
  { region: "ap-east-1", name: "Hong Kong" },
  { region: "ap-southeast-2", name: "Sydney" },
  { region: "ap-northeast-2", name: "Seoul" },
  { region: "ap-south-1", name: "Mumbai" },
  { region: "ap-southeast-3", name: "Jakarta" },
] as const;

export const REGION_CODES = REGIONS.map((r) => r.region) as unknown as readonly [string, ...string[]];
