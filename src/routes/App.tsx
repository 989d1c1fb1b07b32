import '../ui/kit/tokens.css';

export function App() {
  return <main><h1>Dakiya</h1></main>;
}
