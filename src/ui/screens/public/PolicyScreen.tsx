// Placeholder until the screen lands.
export function PolicyScreen(_props: { name: import('../../../domain/policies').PolicyName }) {
  return <main><h1>PolicyScreen</h1></main>;
}
