// The build without the contract imports nothing of ours (next.config.mjs aliases
// @error-contract/next here), so that what Next bundles is the app's own code only.
export function errorContract() {
  const absent = () => {
    throw new Error('this build has no contract (FIXTURE_CONTRACT=none)');
  };
  return { route: absent, apiRoute: absent, proxy: absent, notFoundRoute: undefined, respond: absent };
}
