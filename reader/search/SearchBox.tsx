/** Navbar search box (stub until the search worker lands): Enter opens /search?q=. */
import { useState } from 'react';
import { useLocation } from 'wouter';

export function SearchBox() {
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  return (
    <form className="search-box" role="search" onSubmit={(e) => { e.preventDefault(); navigate(`/search?q=${encodeURIComponent(q)}`); }}>
      <input type="search" aria-label="Search" placeholder="Search" value={q} onChange={(e) => setQ(e.target.value)} />
    </form>
  );
}
