/** "properties/312456789" -> "312456789": Google's resource name to the id people see in GA4. */
export function ga4PropertyId(resourceName: string): string {
  return resourceName.replace(/^properties\//, "");
}
