import { Link } from 'wouter';

export default function NotFoundPage() {
  return (
    <div className="page not-found">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link className="button" href="/">
        Go to the start page
      </Link>
    </div>
  );
}
