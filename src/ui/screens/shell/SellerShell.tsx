// Placeholder until the screen lands.
export function SellerShell({ children }: { children?: React.ReactNode }) {
  return <main><h1>SellerShell</h1></main>;
}
