export function App() {
  return <p>Butler-Portal</p>;
}
