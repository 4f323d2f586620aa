//! `search-cli serve`: the web playground (search-web) on a local address.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

use clap::Args;

use super::{CommandError, CommandResult};

/// Where to serve and how many games to keep.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on (127.0.0.1: this machine only).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// The port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Live Minesweeper games kept at once (idle games expire after 30 minutes).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_games: u64,
}

/// Serve until interrupted (Ctrl-C).
///
/// # Errors
/// When the address cannot be bound.
pub fn run(args: &ServeArgs) -> CommandResult {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(async {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|err| CommandError::Usage(format!("cannot listen on {address}: {err}")))?;
        let local = listener.local_addr()?;
        println!("search-web playground on http://{local}/ (Ctrl-C stops it)");
        let config = search_web::ServerConfig {
            max_games: args.max_games as usize,
            ..search_web::ServerConfig::default()
        };
        tokio::select! {
            served = search_web::serve(listener, config) => served?,
            _ = tokio::signal::ctrl_c() => {}
        }
        Ok(ExitCode::SUCCESS)
    })
}
