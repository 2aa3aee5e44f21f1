export default function Index() {
  return <h1>Lock in Your Song Details - Forever.</h1>
}
