// Placeholder until the screen lands.
export function StaffShell({ children }: { children?: React.ReactNode }) {
  return <main><h1>StaffShell</h1></main>;
}
