import { Link } from 'wouter';

export default function PrivacyPage() {
  return (
    <div className="page privacy">
      <h1>Privacy Policy</h1>
      <p>
        Your photos are processed on your own device. No personal data, photos or analytics are sent to any
        server.
      </p>
      <Link href="/">Back to the start page</Link>
    </div>
  );
}
