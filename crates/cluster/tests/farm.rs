//! The farm on one process: every task reaches the worker it names, and every report
//! comes back to worker 0, with one or several workers.

use olympiad_cluster::farm::{Farm, Progress, Task};
use olympiad_cluster::{Topology, execute};
use std::time::Duration;

#[test]
fn tasks_go_where_they_are_sent_and_reports_come_back() {
    for workers in [1, 2, 3] {
        let topology = Topology::single(workers);
        let results = execute(
            &topology,
            "farm test",
            Duration::from_secs(5),
            move |worker| {
                let me = worker.index() as u32;
                let mut farm = Farm::build(
                    worker,
                    Box::new(move |task: &Task, progress: &Progress<'_>| {
                        progress(format!("{me} starts {}", task.id));
                        format!("{me}:{}", task.payload.to_uppercase())
                    }),
                );
                if worker.index() != 0 {
                    farm.close(worker);
                    return None;
                }
                for id in 0..20u64 {
                    farm.send(Task {
                        id,
                        worker: (id % workers as u64) as u32,
                        payload: format!("task{id}"),
                    });
                }
                let mut reports = Vec::new();
                while reports
                    .iter()
                    .filter(|r: &&olympiad_cluster::farm::Report| r.last)
                    .count()
                    < 20
                {
                    reports.extend(farm.reports(worker, Duration::from_secs(10)));
                }
                reports.extend(farm.close(worker));
                Some(reports)
            },
        )
        .unwrap();
        let reports = results.into_iter().flatten().next().unwrap();
        assert_eq!(reports.len(), 40, "{workers} workers: {reports:?}");
        for r in &reports {
            let w = r.id % workers as u64;
            assert_eq!(u64::from(r.worker), w);
            let expect = if r.last {
                format!("{w}:TASK{}", r.id)
            } else {
                format!("{w} starts {}", r.id)
            };
            assert_eq!(r.payload, expect);
        }
    }
}
