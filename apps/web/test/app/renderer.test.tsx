/**
 * The tests render with what the build ships: Preact through preact/compat (vite.config.ts aliases `react` and
 * `react-dom`, here and in the build). Should an alias stop applying, React would render the tests while the
 * users got Preact; this fails first.
 */
import { render, screen } from '@testing-library/react'
import { options, Component as PreactComponent } from 'preact'
import { Component, useState } from 'react'
import { describe, expect, it } from 'vitest'

describe('renderer', () => {
  it('is Preact, in the app code and in Testing Library', () => {
    expect(Component).toBe(PreactComponent)
    let renders = 0
    const previous = options.diffed
    options.diffed = (vnode) => {
      renders += 1
      previous?.(vnode)
    }
    function Counter() {
      const [count] = useState(3)
      return <p>{`count ${count}`}</p>
    }
    try {
      render(<Counter />)
    } finally {
      options.diffed = previous
    }
    expect(screen.getByText('count 3')).toBeInTheDocument()
    // Preact's diff hook saw the component: Testing Library's render went through Preact, not react-dom.
    expect(renders).toBeGreaterThan(0)
  })
})
