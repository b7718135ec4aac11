/** Issue 19: being built in this commit series; replaced before the issue is resolved. */
export function CompanyPage() {
  return <p className="p-6">This page is being built.</p>;
}
