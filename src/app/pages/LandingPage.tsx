import { Link } from 'wouter';

export default function LandingPage() {
  return (
    <div className="page landing">
      <h1>RetroCam</h1>
      <p className="lede">
        Turn a photo into a 2005 digicam shot, a Nokia phone picture, a cheap webcam frame or a film print,
        right in your browser. Nothing leaves your device.
      </p>
      <Link className="button button-primary" href="/editor">
        Open the editor
      </Link>
      <footer className="footer">
        <Link href="/privacy">Privacy</Link>
      </footer>
    </div>
  );
}
